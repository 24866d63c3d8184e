import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Grid, Typography } from '@strapi/design-system';
import { Check } from '@strapi/icons';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import type { RuntimeSettings, SettingsDescription } from '../api/admin-api-types';
import { apiProblem, useAdminApi } from '../api/use-admin-api';
import { formatDate } from '../components/format-date';
import { Section } from '../components/Section';
import { ContentTypeFields } from '../components/settings/ContentTypeFields';
import { TextField } from '../components/settings/form-fields';
import { PolicyFields } from '../components/settings/PolicyFields';
import { PERMISSIONS } from '../permissions';

const UPDATE_PERMISSIONS = [...PERMISSIONS.updateSettings];

function ReadOnlyFact({ label, value }: { label: string; value: string }) {
  return (
    <Grid.Item col={4} s={6} xs={12} direction="column" alignItems="flex-start">
      <Typography variant="sigma" textColor="neutral600">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Grid.Item>
  );
}

/**
 * The settings that apply at run time (site name and summary, exposed content types and their
 * mapping, locales, policy), saved in Strapi's plugin store over config/plugins; the rest is
 * shown read-only. Without the update permission the form is read-only too.
 */
export function SettingsPage() {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const { allowedActions, isLoading: checkingPermissions } = useRBAC(UPDATE_PERMISSIONS);
  const [description, setDescription] = useState<SettingsDescription>();
  const [draft, setDraft] = useState<RuntimeSettings>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string>();
  const [saving, setSaving] = useState(false);
  const canEdit = !checkingPermissions && allowedActions.canUpdate === true;

  const show = useCallback((next: SettingsDescription) => {
    setDescription(next);
    setDraft(next.settings);
    setErrors({});
  }, []);

  useEffect(() => {
    api.settings().then(show, (error) => setFailed(apiProblem(error).message));
  }, [api, show]);

  const submit = async (action: () => Promise<SettingsDescription>, done: string) => {
    setSaving(true);
    try {
      show(await action());
      toggleNotification({ type: 'success', message: done });
    } catch (error) {
      const problem = apiProblem(error);
      setErrors(problem.fields);
      toggleNotification({ type: 'danger', message: problem.message });
    } finally {
      setSaving(false);
    }
  };

  if (failed && !description) return <Page.Error content={failed} />;
  if (!description || !draft) return <Page.Loading />;
  const { readOnly, status } = description;
  const set = (patch: Partial<RuntimeSettings>) => setDraft({ ...draft, ...patch });
  const setSite = (key: 'name' | 'summary' | 'details', value: string) =>
    set({ site: { ...draft.site, [key]: value } });
  const allLocales = draft.locales === null;
  const errorList = Object.entries(errors);

  return (
    <Page.Main>
      <Page.Title>Agent Ready settings</Page.Title>
      <Layouts.Header
        title="Agent Ready"
        subtitle={
          status.source === 'admin'
            ? `Saved here ${formatDate(status.updatedAt)}${status.updatedBy ? ` by ${status.updatedBy}` : ''}, over config/plugins. Changes apply without a restart.`
            : 'From config/plugins. Changes saved here apply without a restart.'
        }
        primaryAction={
          <Button
            startIcon={<Check />}
            disabled={!canEdit}
            loading={saving}
            onClick={() =>
              void submit(() => api.saveSettings(draft), 'Settings saved and applied.')
            }
          >
            Save
          </Button>
        }
        secondaryAction={
          status.source === 'admin' ? (
            <Button
              variant="tertiary"
              disabled={!canEdit || saving}
              onClick={() =>
                void submit(() => api.resetSettings(), 'Back to the settings of config/plugins.')
              }
            >
              Reset to config/plugins
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          {status.ignored ? (
            <Alert variant="warning" closeLabel="Close" title="Saved settings ignored">
              They do not fit this Strapi any more: {status.ignored}. Save again to replace them.
            </Alert>
          ) : null}
          {errorList.length > 0 ? (
            <Alert
              variant="danger"
              closeLabel="Close"
              title="Not saved"
              onClose={() => setErrors({})}
            >
              {errorList.map(([path, message]) => `${path || 'settings'}: ${message}`).join(' · ')}
            </Alert>
          ) : null}
          {!canEdit && !checkingPermissions ? (
            <Alert variant="default" closeLabel="Close" title="Read only">
              Your role may see these settings but not change them.
            </Alert>
          ) : null}

          <Section
            title="Site"
            subtitle="The llms.txt title and summary, the llmindex entity name."
          >
            <TextField
              label="Site name"
              name="site.name"
              required
              value={draft.site.name ?? ''}
              error={errors['site.name']}
              disabled={!canEdit}
              onChange={(value) => setSite('name', value)}
            />
            <TextField
              label="Summary"
              name="site.summary"
              multiline
              value={draft.site.summary ?? ''}
              hint="One sentence: the llms.txt blockquote."
              error={errors['site.summary']}
              disabled={!canEdit}
              onChange={(value) => setSite('summary', value)}
            />
            <TextField
              label="Details"
              name="site.details"
              multiline
              value={draft.site.details ?? ''}
              hint="Markdown prose between the summary and the sections of llms.txt."
              error={errors['site.details']}
              disabled={!canEdit}
              onChange={(value) => setSite('details', value)}
            />
          </Section>

          <Section
            title="Exposed content"
            subtitle="Only what is exposed here is ever read; drafts and private fields never are. Changing a mapping re-renders every document in the background."
          >
            {errors.contentTypes ? (
              <Typography textColor="danger600">{errors.contentTypes}</Typography>
            ) : null}
            {description.contentTypes.map((type) => (
              <ContentTypeFields
                key={type.uid}
                type={type}
                mapping={draft.contentTypes[type.uid]}
                errors={errors}
                disabled={!canEdit}
                onChange={(mapping) => {
                  const contentTypes = { ...draft.contentTypes };
                  if (mapping === undefined) delete contentTypes[type.uid];
                  else contentTypes[type.uid] = mapping;
                  set({ contentTypes });
                }}
              />
            ))}
          </Section>

          {description.locales.length > 0 ? (
            <Section title="Locales" subtitle="Locales served to agents.">
              <Checkbox
                name="locales.all"
                checked={allLocales}
                disabled={!canEdit}
                onCheckedChange={(checked) =>
                  set({ locales: checked === true ? null : description.locales.map((l) => l.code) })
                }
              >
                Every locale
              </Checkbox>
              {!allLocales ? (
                <Flex gap={4} wrap="wrap">
                  {description.locales.map((locale) => (
                    <Checkbox
                      key={locale.code}
                      name={`locales.${locale.code}`}
                      disabled={!canEdit}
                      checked={draft.locales?.includes(locale.code) ?? false}
                      onCheckedChange={(checked) => {
                        const others = (draft.locales ?? []).filter((c) => c !== locale.code);
                        set({ locales: checked === true ? [...others, locale.code] : others });
                      }}
                    >
                      {locale.name ?? locale.code}
                    </Checkbox>
                  ))}
                </Flex>
              ) : null}
              {errors.locales ? (
                <Typography textColor="danger600">{errors.locales}</Typography>
              ) : null}
            </Section>
          ) : null}

          <Section
            title="Policy"
            subtitle="The tct-policy-1 descriptor at /llm-policy.json: what agents may do with the content."
          >
            <PolicyFields
              policy={draft.policy}
              errors={errors}
              disabled={!canEdit}
              onChange={(policy) => set({ policy })}
            />
          </Section>

          <Section
            title="Fixed at start-up"
            subtitle="Set in config/plugins; changing them needs a restart."
          >
            <Grid.Root gap={4}>
              <ReadOnlyFact label="Public origin" value={readOnly.origin} />
              <ReadOnlyFact label="Default language" value={readOnly.language ?? '–'} />
              <ReadOnlyFact label="Overview page" value={readOnly.overviewPath ?? '–'} />
              <ReadOnlyFact label="M-URL suffix" value={readOnly.mUrlSuffix} />
              <ReadOnlyFact label="Table prefix" value={readOnly.tablePrefix} />
              <ReadOnlyFact label="Database" value={readOnly.database} />
              <ReadOnlyFact
                label="Artifacts"
                value={
                  Object.entries(readOnly.artifacts)
                    .filter(([, on]) => on)
                    .map(([name]) => name)
                    .join(', ') || 'TCT sitemap only'
                }
              />
            </Grid.Root>
          </Section>
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
}
