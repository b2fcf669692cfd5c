// Issue 3 journey: register, daily sign-in in the personal centre (message, button, balance, credit history),
// profile with a bad email and then a good one, change the password and log in with the new one; on a phone the
// drawer's sign-in button and the personal-centre tabs.
import assert from 'node:assert/strict';

const user = { username: `acc_${Date.now().toString(36)}`, password: 'acc-pass-123', newPassword: 'acc-pass-456' };
const message = (page, text) => page.locator('.ant-message').getByText(text, { exact: true }).waitFor({ timeout: 10000 });

async function register(page, baseUrl, username, password, { phone = false } = {}) {
  await page.goto(`${baseUrl}/register`);
  await page.getByPlaceholder('用户名', { exact: true }).fill(username);
  await page.getByPlaceholder('密码（至少8位）').fill(password);
  await page.getByPlaceholder('确认密码').fill(password);
  await page.getByRole('main').getByRole('button', { name: /注\s*册/ }).click();
  // on a phone the user name sits in the drawer, not the header
  if (phone) await page.waitForFunction(() => Boolean(localStorage.getItem('wenku:token')), null, { timeout: 15000 });
  else await page.waitForSelector(`.wk-user-name:has-text("${username}")`, { timeout: 15000 });
}

export const journeys = [
  {
    name: 'accounts: register, daily sign-in, profile validation, change password and log in again',
    async run({ page, baseUrl, shot }) {
      await register(page, baseUrl, user.username, user.password);

      // personal centre: balance and today's sign-in
      await page.goto(`${baseUrl}/me`);
      const balance = page.getByTestId('credit-balance');
      await balance.waitFor({ timeout: 15000 });
      const before = Number((await balance.textContent()).trim());
      await page.getByRole('button', { name: /每日签到/ }).click();
      await message(page, '签到成功，获得 1 积分奖励');
      const signed = page.getByRole('button', { name: /今日已签到/ });
      await signed.waitFor();
      assert.equal(await signed.isDisabled(), true, 'the sign-in button is disabled once signed');
      await page.waitForFunction((n) => document.querySelector('[data-testid="credit-balance"]')?.textContent?.trim() === String(n), before + 1);
      await page.getByRole('cell', { name: /每日签到/ }).waitFor();
      await shot('me-signed');

      // a reload asks the server: still signed
      await page.reload();
      await page.getByRole('button', { name: /今日已签到/ }).waitFor({ timeout: 15000 });

      // profile: validation, then a real change
      await page.goto(`${baseUrl}/me/profile`);
      const email = page.getByPlaceholder('请输入您的电子邮箱');
      await email.fill('not-an-email');
      await page.getByRole('button', { name: /保存修改/ }).click();
      await page.getByText('请输入正确的电子邮箱').waitFor();
      await page.getByPlaceholder('请输入您的登录用户名').fill('');
      await page.getByRole('button', { name: /保存修改/ }).click();
      await page.getByText('请输入您的登录用户名', { exact: true }).waitFor();
      await shot('profile-errors');
      await page.getByPlaceholder('请输入您的登录用户名').fill(user.username);
      await email.fill(`${user.username}@example.com`);
      await page.getByPlaceholder('介绍一下自己吧').fill('端到端测试的签名');
      await page.getByRole('button', { name: /保存修改/ }).click();
      await message(page, '修改成功');
      assert.equal(await email.isDisabled(), true, 'email is locked once set');

      // password: the exact messages, then the change
      await page.goto(`${baseUrl}/me/password`);
      await page.getByRole('button', { name: /修改密码/ }).click();
      await page.getByText('请输入您的原密码', { exact: true }).waitFor();
      await page.getByText('请输入您的新密码', { exact: true }).waitFor();
      await page.getByText('请再次输入您的新密码', { exact: true }).waitFor();
      await page.getByPlaceholder('请输入您的原密码').fill(user.password);
      await page.getByPlaceholder('请输入您的新密码（至少8位）').fill(user.newPassword);
      await page.getByPlaceholder('请再次输入您的新密码').fill(`${user.newPassword}x`);
      await page.getByRole('button', { name: /修改密码/ }).click();
      await page.getByText('新密码和确认密码不一致').waitFor();
      await page.getByPlaceholder('请再次输入您的新密码').fill(user.newPassword);
      const oldToken = await page.evaluate(() => localStorage.getItem('wenku:token'));
      await page.getByRole('button', { name: /修改密码/ }).click();
      await message(page, '密码修改成功');
      const newToken = await page.evaluate(() => localStorage.getItem('wenku:token'));
      assert.ok(newToken && newToken !== oldToken, 'the new token is stored');
      assert.equal(await page.getByPlaceholder('请输入您的原密码').inputValue(), '', 'the form resets');
      await shot('password-changed');

      // still logged in with the new token
      await page.goto(`${baseUrl}/me`);
      await page.getByTestId('credit-balance').waitFor({ timeout: 15000 });

      // log out, the old password fails, the new one works
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      // logged out once the token is gone (a text wait for 登录 would also match the dynamics' 修改了登录密码)
      await page.waitForFunction(() => !localStorage.getItem('wenku:token'), null, { timeout: 10000 });
      await page.goto(`${baseUrl}/login`);
      await page.getByPlaceholder('用户名 / 邮箱 / 手机号').fill(user.username);
      await page.getByPlaceholder('密码').fill(user.password);
      await page.getByRole('main').getByRole('button', { name: /登\s*录/ }).click();
      await page.locator('.ant-message-error').waitFor({ timeout: 10000 });
      await page.getByPlaceholder('密码').fill(user.newPassword);
      await page.getByRole('main').getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForSelector(`.wk-user-name:has-text("${user.username}")`, { timeout: 15000 });
      await shot('logged-in-with-new-password');
    },
  },
  {
    name: 'accounts: find password, join VIP and a public profile while logged out',
    async run({ page, baseUrl, shot }) {
      await page.goto(`${baseUrl}/findpassword`);
      await page.getByPlaceholder('注册时填写的电子邮箱').waitFor({ timeout: 15000 });
      await page.getByRole('link', { name: '通过手机号找回' }).waitFor();
      await shot('findpassword');
      await page.goto(`${baseUrl}/findpassword?token=1.2.3&email=a%40b.cn`);
      await page.getByPlaceholder('新密码（至少8位）').fill('abcdef-12');
      await page.getByPlaceholder('确认新密码').fill('abcdef2');
      await page.getByRole('button', { name: /重置密码/ }).click();
      await page.getByText('新密码和确认密码不一致').waitFor();

      await page.goto(`${baseUrl}/joinvip`);
      await page.getByText(/VIP会员/).first().waitFor({ timeout: 15000 });
      await shot('joinvip');

      await page.goto(`${baseUrl}/user/1`);
      await page.locator('.wk-profile-info h1').waitFor({ timeout: 15000 });
      await shot('user-home');
    },
  },
  {
    name: 'accounts: daily sign-in from the mobile drawer',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot }) {
      const name = `${user.username}_m`;
      await register(page, baseUrl, name, user.password, { phone: true });
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: '打开菜单' }).click();
      await page.getByRole('button', { name: /每日签到/ }).click();
      await message(page, '签到成功，获得 1 积分奖励');
      await page.getByRole('button', { name: /今日已签到/ }).waitFor();
      await shot('drawer-signed');
      await page.goto(`${baseUrl}/me`);
      await page.getByRole('button', { name: /今日已签到/ }).waitFor({ timeout: 15000 });
      await shot('me-mobile');
    },
  },
];
