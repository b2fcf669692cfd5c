import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { AgreementField, PasswordFields } from './account-fields';

function renderForm(children: ReactNode, onFinish = vi.fn()) {
  render(
    <Form onFinish={onFinish} initialValues={{ agree: true }}>
      {children}
      <Button htmlType="submit">提交</Button>
    </Form>,
  );
  return onFinish;
}
const fill = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
// by its text: a role query computes the accessibility tree (getComputedStyle over antd's injected styles, a tenth
// of a second or more per call in jsdom) and is no better at finding this one button
const submit = () => fireEvent.click(screen.getByText(/^提\s*交$/));

describe('<PasswordFields>', () => {
  it('register: asks for both with the register wording', async () => {
    renderForm(<PasswordFields kind="register" />);
    submit();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请再次输入密码')).toBeTruthy();
  });

  it('register: the confirmation must match, and 6–64 characters', async () => {
    renderForm(<PasswordFields kind="register" />);
    fill('密码（至少8位）', '12345');
    fill('确认密码', '123456');
    submit();
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('reset: the new-password wording, and matching values go through', async () => {
    const onFinish = renderForm(<PasswordFields kind="reset" />);
    submit();
    expect(await screen.findByText('请输入您的新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入您的新密码')).toBeTruthy();
    fill('新密码（至少8位）', 'secret-1');
    fill('确认新密码', 'secret-2');
    submit();
    expect(await screen.findByText('新密码和确认密码不一致')).toBeTruthy();
    fill('确认新密码', 'secret-1');
    submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ password: 'secret-1', confirm: 'secret-1' }));
  });
});

describe('<AgreementField>', () => {
  it('must be ticked', async () => {
    const onFinish = renderForm(<AgreementField agreement="《文库协议》" />);
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(await screen.findByText('请阅读并同意文库协议')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
