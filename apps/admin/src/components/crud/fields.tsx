import { ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';

/** The `sort` field of the content forms. */
export function SortField() {
  return <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" min={0} fieldProps={{ precision: 0, style: { width: 160 } }} />;
}

/** The `enable` switch of the content forms. */
export function EnableField({ off = '禁用' }: { off?: string }) {
  return <ProFormSwitch name="enable" label="启用" checkedChildren="启用" unCheckedChildren={off} />;
}

/** A free-text field with a counter (description, remark, reason). */
export function TextAreaField({
  name,
  label,
  placeholder,
  maxLength = 255,
  rows = [2, 5],
  showCount = true,
}: {
  name: string;
  label: string;
  placeholder?: string;
  maxLength?: number;
  rows?: [number, number];
  showCount?: boolean;
}) {
  return (
    <ProFormTextArea
      name={name}
      label={label}
      placeholder={placeholder}
      fieldProps={{ autoSize: { minRows: rows[0], maxRows: rows[1] }, maxLength, showCount }}
    />
  );
}

/** A required text field (not only spaces) with a length limit; the placeholder defaults to the message. */
export function RequiredTextField({
  name,
  label,
  message,
  max,
  placeholder = message,
}: {
  name: string;
  label: string;
  message: string;
  max: number;
  placeholder?: string;
}) {
  return <ProFormText name={name} label={label} placeholder={placeholder} rules={[{ required: true, whitespace: true, message }, { max }]} />;
}
