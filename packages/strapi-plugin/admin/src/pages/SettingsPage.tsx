import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Typography } from '@strapi/design-system';
import { Check } from '@strapi/icons';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import type { RuntimeSettings, SettingsDescription } from '../api/admin-api-types';
import { apiProblem, useAdminApi } from '../api/use-admin-api';
import { formatDate } from '../components/format-date';
import { NotConfiguredNotice } from '../components/NotConfiguredNotice';
import { Section } from '../components/Section';
import { ContentTypeFields } from '../components/settings/ContentTypeFields';
import { TextField } from '../components/settings/form-fields';
import { PolicyFields } from '../components/settings/PolicyFields';
import { StartUpFacts } from '../components/settings/StartUpFacts';
import { TctProfileField } from '../components/settings/TctProfileField';
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
  /** What each site input is given: its name, value and error, and how it updates the draft. */
  const siteInput = (key: 'name' | 'summary' | 'details') => ({
    name: `site.${key}`,
    value: draft.site[key] ?? '',
    error: errors[`site.${key}`],
    disabled: !canEdit,
    onChange: (value: string) => set({ site: { ...draft.site, [key]: value } }),
  });
  const allLocales = draft.locales === null;
  const errorList = Object.entries(errors);
  const closeLabel = formatMessage({
    id: getTranslation('settings.close'),
    defaultMessage: 'Close',
  });
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
          {status.ignored ? (
            <Alert
              variant="warning"
              closeLabel={closeLabel}
              title={formatMessage({
                id: getTranslation('settings.ignored.title'),
                defaultMessage: 'Saved settings ignored',
              })}
            >
              {formatMessage(
                {
                  id: getTranslation('settings.ignored.body'),
                  defaultMessage:
                    'They do not fit this Strapi any more: {why}. Save again to replace them.',
                },
                { why: status.ignored },
              )}
            </Alert>
          ) : null}
          {errorList.length > 0 ? (
            <Alert
              variant="danger"
              closeLabel={closeLabel}
              title={formatMessage({
                id: getTranslation('settings.notSaved'),
                defaultMessage: 'Not saved',
              })}
              onClose={() => setErrors({})}
            >
              {errorList
                .map(
                  ([path, message]) =>
                    `${
                      path ||
                      formatMessage({
                        id: getTranslation('settings.notSaved.whole'),
                        defaultMessage: 'settings',
                      })
                    }: ${message}`,
                )
                .join(' · ')}
            </Alert>
          ) : null}
          {!canEdit && !checkingPermissions ? (
            <Alert
              variant="default"
              closeLabel={closeLabel}
              title={formatMessage({
                id: getTranslation('settings.readOnly.title'),
                defaultMessage: 'Read only',
              })}
            >
              {formatMessage({
                id: getTranslation('settings.readOnly.body'),
                defaultMessage: 'Your role may see these settings but not change them.',
              })}
            </Alert>
          ) : null}

          <Section
            title={formatMessage({
              id: getTranslation('settings.site.title'),
              defaultMessage: 'Site',
            })}
            subtitle={formatMessage({
              id: getTranslation('settings.site.subtitle'),
              defaultMessage: 'The llms.txt title and summary, the llmindex entity name.',
            })}
          >
            <TextField
              label={formatMessage({
                id: getTranslation('settings.site.name'),
                defaultMessage: 'Site name',
              })}
              {...siteInput('name')}
              required
            />
            <TextField
              label={formatMessage({
                id: getTranslation('settings.site.summary'),
                defaultMessage: 'Summary',
              })}
              {...siteInput('summary')}
              multiline
              hint={
                description.derivedSummary && !draft.site.summary
                  ? formatMessage(
                      {
                        id: getTranslation('settings.site.summary.derived'),
                        defaultMessage:
                          'Empty: llms.txt uses the site’s own description, from {from}: “{text}”. Type one to use yours.',
                      },
                      description.derivedSummary,
                    )
                  : formatMessage({
                      id: getTranslation('settings.site.summary.hint'),
                      defaultMessage: 'One sentence: the llms.txt blockquote.',
                    })
              }
            />
            <TextField
              label={formatMessage({
                id: getTranslation('settings.site.details'),
                defaultMessage: 'Details',
              })}
              {...siteInput('details')}
              multiline
              hint={formatMessage({
                id: getTranslation('settings.site.details.hint'),
                defaultMessage: 'Markdown prose between the summary and the sections of llms.txt.',
              })}
            />
          </Section>

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

          {description.locales.length > 0 ? (
            <Section
              title={formatMessage({
                id: getTranslation('settings.locales.title'),
                defaultMessage: 'Locales',
              })}
              subtitle={formatMessage({
                id: getTranslation('settings.locales.subtitle'),
                defaultMessage: 'Locales served to agents.',
              })}
            >
              <Checkbox
                name="locales.all"
                checked={allLocales}
                disabled={!canEdit}
                onCheckedChange={(checked) =>
                  set({ locales: checked === true ? null : description.locales.map((l) => l.code) })
                }
              >
                {formatMessage({
                  id: getTranslation('settings.locales.all'),
                  defaultMessage: 'Every locale',
                })}
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
            title={formatMessage({
              id: getTranslation('settings.policy.title'),
              defaultMessage: 'Policy',
            })}
            subtitle={formatMessage(
              {
                id: getTranslation('settings.policy.subtitle'),
                defaultMessage:
                  'The tct-policy-1 descriptor at {path}: what agents may do with the content.',
              },
              { path: '/llm-policy.json' },
            )}
          >
            <PolicyFields
              policy={draft.policy}
              errors={errors}
              disabled={!canEdit}
              onChange={(policy) => set({ policy })}
            />
          </Section>

          <Section
            title={formatMessage({
              id: getTranslation('settings.tct.title'),
              defaultMessage: 'Wire format',
            })}
            subtitle={formatMessage(
              {
                id: getTranslation('settings.tct.subtitle'),
                defaultMessage: 'The TCT profile of the M-URLs and of the JSON sitemap at {path}.',
              },
              { path: '/llm-sitemap.json' },
            )}
          >
            <TctProfileField
              profile={draft.tct.profile ?? 'tct-1'}
              error={errors['tct.profile']}
              disabled={!canEdit}
              onChange={(profile) => set({ tct: { profile } })}
            />
          </Section>

          <StartUpFacts readOnly={readOnly} />
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
}
