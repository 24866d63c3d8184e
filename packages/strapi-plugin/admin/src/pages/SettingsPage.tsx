import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Typography } from '@strapi/design-system';
import { Check } from '@strapi/icons';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import type { RuntimeSettings, SettingsDescription } from '../api/admin-api-types';
import { apiProblem, useAdminApi } from '../api/use-admin-api';
import { formatDate } from '../components/format-date';
import { NotConfiguredNotice } from '../components/NotConfiguredNotice';
import { Section } from '../components/Section';
import { ContentTypeFields } from '../components/settings/ContentTypeFields';
import { LocalesSection } from '../components/settings/LocalesSection';
import { PolicyAndFormatSections } from '../components/settings/PolicyAndFormatSections';
import { SettingsAlerts } from '../components/settings/SettingsAlerts';
import { SiteSection } from '../components/settings/SiteSection';
import { StartUpFacts } from '../components/settings/StartUpFacts';
import { PERMISSIONS } from '../plugin/permissions';
import { getTranslation } from '../translations/get-translation';

const UPDATE_PERMISSIONS = [...PERMISSIONS.updateSettings];

/**
 * The settings that apply at run time (site name and summary, exposed content types and their
 * mapping, locales, policy, TCT profile), saved in Strapi's plugin store over config/plugins; the rest is
 * shown read-only. Without the update permission the form is read-only too. While the plugin is
 * not configured, the page says what is missing; saving what it can supply starts the plugin.
 */
export function SettingsPage() {
  const api = useAdminApi();
  const intl = useIntl();
  const { formatMessage } = intl;
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
  const { readOnly, status, missing = [] } = description;
  // Only config/plugins (and a restart) can supply these: saving here would be refused.
  const waitsForFile = missing.some((setting) => !setting.settableInAdmin);
  const set = (patch: Partial<RuntimeSettings>) => setDraft({ ...draft, ...patch });
  const title = formatMessage({ id: getTranslation('plugin.name'), defaultMessage: 'Agent Ready' });

  return (
    <Page.Main>
      <Page.Title>
        {formatMessage({
          id: getTranslation('settings.pageTitle'),
          defaultMessage: 'Agent Ready settings',
        })}
      </Page.Title>
      <Layouts.Header
        title={title}
        subtitle={
          status.source === 'admin'
            ? formatMessage(
                {
                  id: getTranslation('settings.subtitle.admin'),
                  defaultMessage:
                    'Saved here {date}{hasAuthor, select, yes { by {author}} other {}}, over config/plugins. Changes apply without a restart.',
                },
                {
                  date: formatDate(intl, status.updatedAt),
                  hasAuthor: status.updatedBy ? 'yes' : 'no',
                  author: status.updatedBy,
                },
              )
            : formatMessage({
                id: getTranslation('settings.subtitle.file'),
                defaultMessage: 'From config/plugins. Changes saved here apply without a restart.',
              })
        }
        primaryAction={
          <Button
            startIcon={<Check />}
            disabled={!canEdit || waitsForFile}
            loading={saving}
            onClick={() =>
              void submit(
                () => api.saveSettings(draft),
                formatMessage({
                  id: getTranslation('settings.saved'),
                  defaultMessage: 'Settings saved and applied.',
                }),
              )
            }
          >
            {formatMessage({ id: getTranslation('settings.save'), defaultMessage: 'Save' })}
          </Button>
        }
        secondaryAction={
          status.source === 'admin' ? (
            <Button
              variant="tertiary"
              disabled={!canEdit || saving}
              onClick={() =>
                void submit(
                  () => api.resetSettings(),
                  formatMessage({
                    id: getTranslation('settings.resetDone'),
                    defaultMessage: 'Back to the settings of config/plugins.',
                  }),
                )
              }
            >
              {formatMessage({
                id: getTranslation('settings.reset'),
                defaultMessage: 'Reset to config/plugins',
              })}
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          {missing.length > 0 ? <NotConfiguredNotice missing={missing} /> : null}
          <SettingsAlerts
            ignored={status.ignored}
            errors={errors}
            onCloseErrors={() => setErrors({})}
            readOnly={!canEdit && !checkingPermissions}
          />

          <SiteSection
            site={draft.site}
            errors={errors}
            disabled={!canEdit}
            derivedSummary={description.derivedSummary}
            onChange={(site) => set({ site })}
          />

          <Section
            title={formatMessage({
              id: getTranslation('settings.content.title'),
              defaultMessage: 'Exposed content',
            })}
            subtitle={formatMessage({
              id: getTranslation('settings.content.subtitle'),
              defaultMessage:
                "Only what is exposed here is ever read; drafts and private fields never are. Each field is read by its role, guessed from the schema; give it another where the guess is wrong (a component's roles apply wherever it is used). Changing a mapping re-renders every document in the background.",
            })}
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
                components={draft.components}
                onComponentsChange={(components) => set({ components })}
                onChange={(mapping) => {
                  const contentTypes = { ...draft.contentTypes };
                  if (mapping === undefined) delete contentTypes[type.uid];
                  else contentTypes[type.uid] = mapping;
                  set({ contentTypes });
                }}
              />
            ))}
          </Section>

          <LocalesSection
            available={description.locales}
            selected={draft.locales}
            error={errors.locales}
            disabled={!canEdit}
            onChange={(locales) => set({ locales })}
          />

          <PolicyAndFormatSections
            draft={draft}
            errors={errors}
            disabled={!canEdit}
            onChange={(patch) => set(patch)}
          />

          <StartUpFacts readOnly={readOnly} />
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
}
