import { ModalForm, type ModalFormProps } from '@ant-design/pro-components';
import type { QueryKey } from '@tanstack/react-query';
import { useCrudActions, type PreparedCall } from './use-crud-actions';

export interface AdminModalFormProps<V extends Record<string, any>> extends Omit<ModalFormProps<V>, 'onFinish' | 'open' | 'labelCol' | 'wrapperCol'> {
  /** label column span of the horizontal layout; the field takes the rest of 23 */
  labelSpan?: number;
  /** the submit button's text */
  submitText?: string;
  /** the save: `call(api.route, { body })` from the form's values */
  submit: (values: V) => PreparedCall;
  /** shown after the save */
  success?: string;
  /** shown when the API's error has no message */
  error?: string;
  onSaved?: () => void;
  invalidate?: readonly QueryKey[];
}

/**
 * The admin's modal form: open while mounted, horizontal labels, 保存/取消, not closed by a click on the mask; the save
 * goes through useCrudActions (the success message or one error toast; the modal stays open after an error).
 */
export function AdminModalForm<V extends Record<string, any>>({
  labelSpan = 4,
  submitText = '保存',
  submit,
  success = '保存成功',
  error = '保存失败',
  onSaved,
  invalidate,
  layout = 'horizontal',
  modalProps,
  ...rest
}: AdminModalFormProps<V>) {
  const { run } = useCrudActions({ onSuccess: onSaved, invalidate });
  const horizontal = layout === 'horizontal';
  return (
    <ModalForm<V>
      open
      width={600}
      layout={layout}
      labelCol={horizontal ? { span: labelSpan } : undefined}
      wrapperCol={horizontal ? { span: 23 - labelSpan } : undefined}
      submitter={{ searchConfig: { submitText, resetText: '取消' } }}
      {...rest}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true, ...modalProps }}
      onFinish={async (values) => {
        const { route, input } = submit(values);
        return run(route, input, { success, error });
      }}
    />
  );
}
