// Notices, news, help, pages, partners and banners in the 16 investor languages. An item
// is created as a draft in one language; editing picks a language and sets its text;
// publishing (now or at a time) makes it visible in the investor app. Beside the form, the
// preview shows the text as the app will (content-preview.tsx).
import { useEffect, useMemo } from 'react';
import { useTranslate } from '@refinedev/core';
import { Create, Edit, List, useForm } from '@refinedev/antd';
import { Col, Form, Row, type FormInstance } from 'antd';
import { ActionButton } from '../../components/action-button.tsx';
import { ResourceTable } from '../../components/resource-table.tsx';
import { FormFields, type Field } from '../../components/resource-form.tsx';
import { ContentPreview } from './content-preview.tsx';
import { RowEdit } from '../../components/row-buttons.tsx';

const KINDS = ['notice', 'news', 'help', 'page', 'partner', 'banner'] as const;
export const INVESTOR_LANGUAGES = [
  'en',
  'en_au',
  'en_in',
  'it',
  'ru',
  'es',
  'ar',
  'kr',
  'ja',
  'pt',
  'pt_br',
  'tw',
  'fr',
  'de',
  'sl',
  'ms',
] as const;

const COMMON: Field[] = [
  { key: 'key' },
  { key: 'category' },
  { key: 'link_url' },
  { key: 'pinned', kind: 'bool' },
  { key: 'sort', kind: 'integer', min: 0, max: 100000 },
];
const TEXT: Field[] = [
  // The text's language; `lang` is taken: every call carries the console's own language.
  { key: 'language', kind: 'select', options: INVESTOR_LANGUAGES, required: true },
  { key: 'title', required: true },
  { key: 'body', kind: 'markdown' },
];

export function ContentList() {
  const t = useTranslate();
  return (
    <List title={t('resources.content')}>
      <ResourceTable
        resource="content"
        columns={[
          { key: 'id', sortable: true },
          { key: 'kind', kind: 'state' },
          { key: 'title' },
          { key: 'languages', render: (c) => (c.languages as string[] | undefined)?.join(', ') },
          { key: 'key' },
          { key: 'pinned', kind: 'bool' },
          { key: 'published_at', kind: 'date' },
        ]}
        filters={[
          { key: 'kind', options: KINDS },
          { key: 'published', options: ['true', 'false'] },
        ]}
        actions={(c) => (
          <>
            <RowEdit id={c.id} />
            {c.published_at ? (
              <ActionButton
                resource="content"
                action="unpublish"
                id={c.id!}
                label={t('content.unpublish')}
                testId={`unpublish-${c.id}`}
              />
            ) : (
              <ActionButton
                resource="content"
                action="publish"
                id={c.id!}
                primary
                label={t('content.publish')}
                testId={`publish-${c.id}`}
              />
            )}
          </>
        )}
      />
    </List>
  );
}

/** The form beside its preview: side by side on a desk, one above the other when narrow. */
function WithPreview({ form, children }: { form: FormInstance; children: React.ReactNode }) {
  const title = Form.useWatch<string | undefined>('title', form);
  const body = Form.useWatch<string | undefined>('body', form);
  const language = Form.useWatch<string | undefined>('language', form);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={13}>
        {children}
      </Col>
      <Col xs={24} xl={11}>
        <ContentPreview title={title} body={body} language={language} />
      </Col>
    </Row>
  );
}

export function ContentCreate() {
  const { formProps, saveButtonProps, form } = useForm({ resource: 'content' });
  return (
    <Create goBack={false} saveButtonProps={saveButtonProps}>
      <WithPreview form={form}>
        <Form
          {...formProps}
          layout="vertical"
          style={{ maxWidth: 720 }}
          initialValues={{ kind: 'notice', language: 'en' }}
        >
          <FormFields
            fields={[
              { key: 'kind', kind: 'select', options: KINDS, required: true },
              ...TEXT,
              ...COMMON,
            ]}
          />
        </Form>
      </WithPreview>
    </Create>
  );
}

interface Translation {
  lang: string;
  title: string;
  body: string;
}

export function ContentEdit() {
  const { formProps, saveButtonProps, query, form } = useForm({
    resource: 'content',
    mutationMode: 'pessimistic',
  });
  const record = query?.data?.data;
  const translations = useMemo(() => (record?.translations ?? []) as Translation[], [record]);
  const lang = Form.useWatch<string | undefined>('language', form);

  // Picking a language shows its current text (empty for one not yet written).
  useEffect(() => {
    if (!lang) return;
    const text = translations.find((tr) => tr.lang === lang);
    form.setFieldsValue({ title: text?.title ?? '', body: text?.body ?? '' });
  }, [lang, translations, form]);

  return (
    <Edit goBack={false} saveButtonProps={saveButtonProps}>
      <WithPreview form={form}>
        <Form
          {...formProps}
          initialValues={{
            ...formProps.initialValues,
            language: translations[0]?.lang ?? 'en',
          }}
          layout="vertical"
          style={{ maxWidth: 720 }}
        >
          <FormFields fields={[...TEXT, ...COMMON]} />
        </Form>
      </WithPreview>
    </Edit>
  );
}
