// Issue 2 journey: register, log in, the user dropdown, the admin as administrator, change the site name and
// see it on the home page, log out.
import assert from 'node:assert/strict';

const user = { username: `e2e_${Date.now().toString(36)}`, password: 'e2e-pass-123' };

export const journeys = [
  {
    name: 'platform: register, log in, dropdown, admin changes site name, log out',
    async run({ page, baseUrl, shot, admin }) {
      await page.goto(`${baseUrl}/`);
      await page.waitForSelector('text=登录');
      await shot('home');

      // register
      await page.goto(`${baseUrl}/register`);
      await page.getByPlaceholder('用户名', { exact: true }).fill(user.username);
      await page.getByPlaceholder('密码（至少8位）').fill(user.password);
      await page.getByPlaceholder('确认密码').fill(user.password);
      await shot('register');
      await page.getByRole('main').getByRole('button', { name: /注\s*册/ }).click();
      await page.waitForSelector(`.wk-user-name:has-text("${user.username}")`, { timeout: 15000 });
      await shot('registered');

      // log out from the dropdown, then log in
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForSelector('.wk-user-name', { state: 'detached', timeout: 10000 });
      await page.goto(`${baseUrl}/login`);
      await page.getByPlaceholder('用户名 / 邮箱 / 手机号').fill(user.username);
      await page.getByPlaceholder('密码').fill(user.password);
      await page.getByRole('main').getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForSelector(`.wk-user-name:has-text("${user.username}")`, { timeout: 15000 });

      // an ordinary user's dropdown: no admin entry
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '个人中心' }).waitFor();
      assert.equal(await page.getByRole('menuitem', { name: '管理后台' }).count(), 0, 'ordinary users must not see 管理后台');
      await shot('user-dropdown');
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForSelector('.wk-user-name', { state: 'detached', timeout: 10000 });
      const token = await page.evaluate(() => localStorage.getItem('wenku:token'));
      assert.equal(token, null, 'logout clears local storage');

      // the administrator
      await page.goto(`${baseUrl}/login`);
      await page.getByPlaceholder('用户名 / 邮箱 / 手机号').fill(admin.username);
      await page.getByPlaceholder('密码').fill(admin.password);
      await page.getByRole('main').getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForSelector('.wk-user-name:has-text("admin")', { timeout: 15000 });
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '管理后台' }).click();
      await page.waitForURL(/\/admin\/?/, { timeout: 15000 });
      await page.waitForSelector('.ant-pro-layout', { timeout: 15000 });
      await shot('admin-dashboard');

      await page.goto(`${baseUrl}/admin/config/system`);
      const siteName = page.getByLabel('网站名称');
      await siteName.waitFor({ timeout: 15000 });
      const newName = '端到端测试文库';
      await siteName.fill(newName);
      await shot('admin-config-system');
      await page.getByRole('button', { name: /保存设置/ }).click();
      await page.waitForSelector('text=保存成功', { timeout: 10000 });

      await page.goto(`${baseUrl}/`);
      await page.waitForSelector(`text=${newName}`, { timeout: 15000 });
      await shot('home-renamed');

      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForSelector('.wk-user-name', { state: 'detached', timeout: 10000 });
      await shot('logged-out');
    },
  },
  {
    name: 'platform: unknown routes show the 404 page',
    async run({ page, baseUrl, shot }) {
      await page.goto(`${baseUrl}/no/such/page`);
      await page.waitForSelector('text=404 This page could not be found');
      await page.getByText('返回首页').first().waitFor();
      await shot('404');
    },
  },
  {
    name: 'platform: mobile drawer',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot }) {
      await page.goto(`${baseUrl}/`);
      await page.waitForLoadState('networkidle');
      await shot('mobile-home');
    },
  },
];
