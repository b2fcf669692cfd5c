import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZOk } from '../common/schemas';
import * as S from './schemas';

/** Mail: codes by email, finding a password by email, the administrators' test message. */
export const mailRoutes = {
  sendEmailCode: defineRoute({
    method: 'POST',
    path: '/user/email/code',
    grpc: 'UserAPI/SendEmailCode',
    auth: 'public',
    switches: 'exempt',
    summary: '发送邮箱验证码',
    body: S.ZEmailCodeBody,
    response: ZOk,
  }),
  findPasswordStepOne: defineRoute({
    method: 'POST',
    path: '/user/findpassword/stepone',
    grpc: 'UserAPI/FindPasswordStepOne',
    auth: 'public',
    switches: 'exempt',
    summary: '找回密码：发送重置邮件',
    body: S.ZFindPasswordStepOneBody,
    response: ZOk,
  }),
  findPasswordStepTwo: defineRoute({
    method: 'PUT',
    path: '/user/findpassword/steptwo',
    grpc: 'UserAPI/FindPasswordStepTwo',
    auth: 'public',
    switches: 'exempt',
    summary: '找回密码：设置新密码',
    body: S.ZFindPasswordStepTwoBody,
    response: ZOk,
  }),
  testEmail: defineRoute({
    method: 'POST',
    path: '/config/email/test',
    auth: 'admin',
    module: 'config',
    summary: '发送测试邮件',
    body: z.object({ email: z.email('请输入正确的电子邮箱').optional() }),
    response: ZOk,
  }),
};
