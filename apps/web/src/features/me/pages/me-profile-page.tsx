import { useState } from 'react';
import { App, Button, Empty, Form, Input, Popconfirm, Skeleton, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { extOf } from '@wenku/contracts/format';
import { IMAGE_EXTS, UPLOAD_IMAGE_PATHS, USERNAME_PATTERN } from '@wenku/contracts/constants';
import type { TUser } from '@wenku/contracts/schemas';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { session, useSession } from '../../../app/session';
import { meKeys, userKeys } from '../../user/api';
import { UserAvatar } from '../../user/components/user-avatar';
import { useOAuthConfigs } from '../../oauth/api';
import { OAuthIcon, oauthMeta } from '../../oauth/components/oauth-icon';
import { mobileRules } from '../../user/lib';
import { MeBlock, MeSection } from '../components/me-section';
import { meDataKeys, useMyOAuth } from '../api';
import { lockedContactFields, profileUpdateBody, type ProfileFormValues } from '../lib';

/** Avatars up to 5 MB (the server's cap), in the image types the server accepts. */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_ACCEPT = IMAGE_EXTS.map((e) => `.${e}`).join(',');

/** The avatar (the initial letter until one is uploaded) and its upload (POST /upload/avatar, which also sets it). */
function AvatarBlock({ user }: { user: TUser }) {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    if (!(IMAGE_EXTS as readonly string[]).includes(extOf(file.name))) {
      message.error('只支持 JPG、PNG、GIF、WEBP、BMP、ICO 图片');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      message.error('图片不能超过 5 MB');
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await apiClient.upload<{ data: { url?: string } }>(UPLOAD_IMAGE_PATHS.avatar, form);
      const avatar = res.data?.url ?? '';
      const current = session.getState().user;
      if (current && avatar) session.setUser({ ...current, avatar });
      void qc.invalidateQueries({ queryKey: meKeys.user(token) });
      void qc.invalidateQueries({ queryKey: userKeys.detail(user.id) });
      message.success('头像上传成功');
    } catch (e) {
      message.error(errorMessage(e, '头像上传失败'));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="wk-me-avatar">
      <UserAvatar user={user} size={96} />
      <Upload
        accept={AVATAR_ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {user.avatar ? '更换头像' : '上传头像'}
        </Button>
      </Upload>
      <p>支持 JPG、PNG、GIF、WEBP，不超过 5 MB</p>
    </div>
  );
}

function ProfileForm({ user }: { user: TUser }) {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const locked = lockedContactFields(user);
  const save = useMutation({
    mutationFn: (values: ProfileFormValues) => apiClient.call(api.updateProfile, { body: profileUpdateBody(values, user) }),
    onSuccess: (updated) => {
      session.setUser(updated);
      qc.setQueryData(meKeys.user(token), updated);
      void qc.invalidateQueries({ queryKey: userKeys.detail(updated.id) });
      message.success('修改成功');
    },
    onError: (e) => message.error(errorMessage(e, '修改失败')),
  });

  return (
    <Form<ProfileFormValues>
      className="wk-me-form"
      layout="vertical"
      requiredMark={false}
      initialValues={{
        username: user.username,
        realname: user.realname ?? '',
        identity: user.identity ?? '',
        email: user.email ?? '',
        mobile: user.mobile ?? '',
        address: user.address ?? '',
        signature: user.signature ?? '',
      }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item
        label="用户名"
        name="username"
        rules={[
          { required: true, whitespace: true, message: '请输入您的登录用户名' },
          { pattern: USERNAME_PATTERN, message: '用户名为3-32位字母、数字、下划线或中文' },
        ]}
      >
        <Input placeholder="请输入您的登录用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item label="真实姓名" name="realname" rules={[{ max: 32, message: '姓名最多32个字符' }]}>
        <Input placeholder="请输入您的真实姓名" autoComplete="name" />
      </Form.Item>
      <Form.Item label="身份证号" name="identity" rules={[{ max: 32, message: '证件号码格式不正确' }]}>
        <Input placeholder="请输入您的身份证号" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="联系邮箱"
        name="email"
        extra={locked.email ? '邮箱设置后不可修改' : undefined}
        rules={locked.email ? [] : [{ type: 'email', message: '请输入正确的电子邮箱' }]}
      >
        <Input placeholder="请输入您的电子邮箱" autoComplete="email" disabled={locked.email} />
      </Form.Item>
      <Form.Item label="联系电话" name="mobile" extra={locked.mobile ? '手机号设置后不可修改' : undefined} rules={locked.mobile ? [] : [mobileRules[1]]}>
        <Input placeholder="请输入您的手机号" autoComplete="tel" maxLength={11} disabled={locked.mobile} />
      </Form.Item>
      <Form.Item label="联系地址" name="address" rules={[{ max: 255, message: '地址最多255个字符' }]}>
        <Input placeholder="请输入您的联系地址" autoComplete="street-address" />
      </Form.Item>
      <Form.Item label="个性签名" name="signature" rules={[{ max: 255, message: '签名最多255个字符' }]}>
        <Input.TextArea placeholder="介绍一下自己吧" autoSize={{ minRows: 3, maxRows: 6 }} maxLength={255} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存修改
      </Button>
    </Form>
  );
}

/** GET /user/oauth with 解绑 (DELETE /user/oauth?id); providers not bound yet can be bound (POST /oauth/bind on return). */
function BoundAccounts() {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const bound = useMyOAuth();
  const configs = useOAuthConfigs();
  const [removing, setRemoving] = useState<number | null>(null);

  async function unbind(id: number) {
    setRemoving(id);
    try {
      await apiClient.call(api.deleteUserOAuth, { query: { id } });
      message.success('解绑成功');
      await qc.invalidateQueries({ queryKey: meDataKeys.oauth(token) });
    } catch (e) {
      message.error(errorMessage(e, '解绑失败'));
    } finally {
      setRemoving(null);
    }
  }

  if (bound.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  const list = bound.data ?? [];
  const boundTypes = new Set(list.map((b) => b.type));
  const bindable = (configs.data ?? []).filter((c) => !boundTypes.has(c.type));
  return (
    <>
      {bound.isError ? (
        <p className="wk-me-muted">{errorMessage(bound.error, '第三方账号加载失败')}</p>
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂未绑定第三方账号" />
      ) : (
        <div className="wk-me-oauth-list">
          {list.map((b) => (
            <div className="wk-me-oauth-item" key={b.id}>
              {b.avatar ? <img src={b.avatar} alt="" width={36} height={36} style={{ borderRadius: '50%' }} /> : <OAuthIcon type={b.type} size={36} />}
              <div>
                <strong>
                  {oauthMeta(b.type).label}
                  {b.nickname ? ` · ${b.nickname}` : ''}
                </strong>
                <span>绑定于 {dayjs(b.created_at).format('YYYY-MM-DD HH:mm')}</span>
              </div>
              <Popconfirm title={`确定解绑${oauthMeta(b.type).label}账号吗？`} okText="解绑" cancelText="取消" onConfirm={() => unbind(b.id)}>
                <Button danger size="small" loading={removing === b.id}>
                  解绑
                </Button>
              </Popconfirm>
            </div>
          ))}
        </div>
      )}
      {bindable.length > 0 && (
        <div className="wk-me-oauth-bind">
          {bindable.map((c) => (
            <a key={c.type} href={c.authorize_url} onClick={() => session.setRedirectAfterOauth('/me/profile')}>
              <Button icon={<OAuthIcon type={c.type} size={18} style={{ fontSize: 11 }} />}>绑定{c.title || oauthMeta(c.type).label}</Button>
            </a>
          ))}
        </div>
      )}
    </>
  );
}

/** /me/profile */
export default function MeProfilePage() {
  const user = useSession((s) => s.user);
  return (
    <MeSection path="profile">
      {!user ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : (
        <>
          <div className="wk-me-profile">
            <AvatarBlock user={user} />
            <ProfileForm key={user.id} user={user} />
          </div>
          <MeBlock title="第三方账号">
            <BoundAccounts />
          </MeBlock>
        </>
      )}
    </MeSection>
  );
}
