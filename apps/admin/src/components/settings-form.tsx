// A singleton's settings (robot settings, withdrawal policy, app update): `show` fills the
// form, `update` saves it. Refine's useForm needs an id; singletons ignore it (the API says so).
import { useCan, useTranslate } from '@refinedev/core';
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { FormFields, type Field } from './resource-form.tsx';

export function SettingsForm({ resource, fields }: { resource: string; fields: readonly Field[] }) {
  const t = useTranslate();
  const { data: canUpdate } = useCan({ resource, action: 'edit' });
  const { formProps, saveButtonProps } = useForm({
    resource,
    id: resource,
    action: 'edit',
    redirect: false,
    mutationMode: 'pessimistic',
  });
  const readOnly = canUpdate?.can !== true;
  return (
    <Edit
      title={t(`resources.${resource}`)}
      resource={resource}
      recordItemId={resource}
      headerButtons={() => null}
      breadcrumb={false}
      goBack={false}
      saveButtonProps={
        { ...saveButtonProps, hidden: readOnly, 'data-testid': 'save' } as typeof saveButtonProps
      }
      footerButtons={readOnly ? () => null : undefined}
    >
      <Form {...formProps} layout="vertical" disabled={readOnly} style={{ maxWidth: 560 }}>
        <FormFields fields={fields} />
      </Form>
    </Edit>
  );
}
