// Form fields for a resource from a short description, used by create, edit and the
// singleton settings screens. Server refusals land on the field they name (data.field).
import { useTranslate } from '@refinedev/core';
import { Create, Edit, useForm } from '@refinedev/antd';
import { Form, Input, InputNumber, Select, Switch, type SelectProps } from 'antd';
import { amountRefusal } from '@olive/protocol/numbers';

/**
 * antd's Select inside a Form.Item: the item hands it `aria-required`, which lands on the
 * select's outer box where no ARIA role allows it (axe: aria-allowed-attr). The required
 * mark beside the label and the item's own message say it instead.
 */
function FormSelect({
  'aria-required': _required,
  ...props
}: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

export interface Field {
  key: string;
  kind?: 'text' | 'decimal' | 'integer' | 'bool' | 'select' | 'textarea' | 'markdown';
  options?: readonly string[];
  required?: boolean;
  /** Shown below the field, a key under `help.`. */
  help?: boolean;
  disabled?: boolean;
  min?: number;
  max?: number;
  /** A decimal that may be negative (a debit). */
  signed?: boolean;
}

/** A decimal field read by the server's own parser: what the console accepts, it accepts. */
const decimalRule = (message: string, signed = false) => ({
  validator: (_: unknown, value: unknown) =>
    value === undefined || value === null || value === '' || !amountRefusal(value, { signed })
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

export function FormFields({ fields }: { fields: readonly Field[] }) {
  const t = useTranslate();
  return (
    <>
      {fields.map((field) => {
        const label = t(`fields.${field.key}`, field.key);
        const rules = [
          ...(field.required
            ? [{ required: true, message: t('form.required', { field: label }) }]
            : []),
          ...(field.kind === 'decimal'
            ? [
                decimalRule(
                  t(field.signed ? 'form.signedDecimal' : 'form.decimal', { field: label }),
                  field.signed,
                ),
              ]
            : []),
        ];
        const extra = field.help ? t(`help.${field.key}`) : undefined;
        return (
          <Form.Item
            key={field.key}
            name={field.key}
            label={label}
            rules={rules}
            extra={extra}
            valuePropName={field.kind === 'bool' ? 'checked' : 'value'}
          >
            {field.kind === 'bool' ? (
              // The hidden half of antd's switch sits outside it by design.
              <Switch disabled={field.disabled} aria-label={label} data-layout="clip-ok" />
            ) : field.kind === 'select' ? (
              <FormSelect
                disabled={field.disabled}
                aria-label={label}
                options={(field.options ?? []).map((value) => ({
                  value,
                  label: t(`values.${value}`, value),
                }))}
              />
            ) : field.kind === 'integer' ? (
              <InputNumber
                disabled={field.disabled}
                aria-label={label}
                min={field.min}
                max={field.max}
                precision={0}
                style={{ width: 200 }}
              />
            ) : field.kind === 'textarea' || field.kind === 'markdown' ? (
              <Input.TextArea
                disabled={field.disabled}
                aria-label={label}
                autoSize={{ minRows: field.kind === 'markdown' ? 8 : 3, maxRows: 24 }}
              />
            ) : (
              <Input
                disabled={field.disabled}
                aria-label={label}
                inputMode={field.kind === 'decimal' ? 'decimal' : undefined}
                style={field.kind === 'decimal' ? { width: 240 } : undefined}
                data-testid={`field-${field.key}`}
              />
            )}
          </Form.Item>
        );
      })}
    </>
  );
}

/**
 * A create screen: Refine's form over `resource`, its `fields`, and `initialValues` for a
 * new record.
 */
export function ResourceCreate({
  resource,
  fields,
  initialValues,
}: {
  resource: string;
  fields: readonly Field[];
  initialValues?: Record<string, unknown>;
}) {
  const { formProps, saveButtonProps } = useForm({ resource });
  return (
    <Create goBack={false} saveButtonProps={saveButtonProps}>
      <Form
        {...formProps}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={initialValues}
      >
        <FormFields fields={fields} />
      </Form>
    </Create>
  );
}

/** An edit screen of the record in the URL, saved once the server has accepted it. */
export function ResourceEdit({ resource, fields }: { resource: string; fields: readonly Field[] }) {
  const { formProps, saveButtonProps } = useForm({ resource, mutationMode: 'pessimistic' });
  return (
    <Edit goBack={false} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" style={{ maxWidth: 560 }}>
        <FormFields fields={fields} />
      </Form>
    </Edit>
  );
}
