// Issue 13 journey: the administrator points the site at a model (a local fake that speaks OpenAI's streaming API)
// and tests it in AI 管理 → 大模型; a user asks on /chat, watches the answer stream in, stops a second answer halfway,
// exports an answer to Word and to an image, and finds the conversation in 历史会话 under 今天.
import assert from 'node:assert/strict';
import { json, login, startFakeModel } from '../helpers.mjs';

export const journeys = [
  {
    name: 'chat: the admin configures and tests a model, a user asks, watches it stream, stops one, exports, finds it in history',
    viewport: { width: 1366, height: 900 },
    async run({ page, context, baseUrl, shot, admin, api }) {
      const model = await startFakeModel(60);
      try {
        const { token } = await json(
          await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }),
        );
        const config = Object.entries({
          enable: true,
          provider: 'custom',
          base_url: model.url,
          api_key: model.apiKey,
          model: 'fake-chat',
          daily_quota: 50,
        }).map(([name, value]) => ({
          category: 'llm',
          name,
          value,
        }));
        await json(
          await api('/config', {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ config }),
          }),
        );

        // the administrator tests the site's model in AI 管理 → 大模型: the answer streams, then the timings
        await login(page, baseUrl, admin);
        await page.goto(`${baseUrl}/admin/ai/llm`);
        await page.getByText('fake-chat').first().waitFor({ timeout: 15000 });
        await page.locator('tr', { hasText: 'fake-chat' }).first().getByText('测试').click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByRole('button', { name: /开始测试|测\s*试|发\s*送/ })
          .first()
          .click();
        // the timings, or the error the dialog shows (which then fails the journey with its text)
        await dialog.getByText(/首字耗时|测试失败/).first().waitFor({ timeout: 45000 }).catch(async (e) => {
          throw new Error(`the model test showed neither timings nor an error; the dialog says: ${(await dialog.innerText().catch(() => '?')).slice(0, 400)}\n${e.message}`);
        });
        if (await dialog.getByText('测试失败').count()) throw new Error(`the model test failed: ${(await dialog.innerText()).slice(0, 400)}`);
        await dialog.getByText(/首字耗时/).waitFor();
        await shot('admin-llm-test');
        await page.keyboard.press('Escape');
        await page.evaluate(() => localStorage.clear());

        // a user asks from /chat; the answer streams in token by token
        const user = { username: `chat_${Date.now().toString(36)}`, password: 'e2e-pass-123' };
        // created by the administrator: registration is limited to 10 an hour per address, and the whole e2e run comes from one
        await json(
          await api('/user', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(user) }),
        );
        await login(page, baseUrl, user);
        await page.goto(`${baseUrl}/chat`);
        const box = page.getByLabel('问题');
        await box.waitFor({ timeout: 15000 });
        await shot('chat-home');
        await box.fill('Debian 是什么？');
        await box.press('Enter');
        await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: 15000 });
        await page.getByRole('button', { name: '停止' }).waitFor({ timeout: 15000 });
        await shot('chat-streaming');
        await page.getByText('你好！你问的是：Debian 是什么？').waitFor({ timeout: 30000 });
        await page
          .getByRole('button', { name: /导出Word/ })
          .first()
          .waitFor();
        await shot('chat-answered');

        // Word: the server's .docx
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 15000 }),
          page
            .getByRole('button', { name: /导出Word/ })
            .first()
            .click(),
        ]);
        assert.match(download.suggestedFilename(), /\.docx$/);
        await page.getByText('导出成功').first().waitFor({ timeout: 10000 });
        // the image: 640 px wide PNG
        const [image] = await Promise.all([
          page.waitForEvent('download', { timeout: 15000 }),
          page
            .getByRole('button', { name: /导出图片/ })
            .first()
            .click(),
        ]);
        assert.match(image.suggestedFilename(), /\.png$/);

        // a long answer, stopped halfway: what was said stays, marked as stopped
        const longQuestion = `请详细介绍 Debian 的历史。${'多写一些。'.repeat(40)}`;
        await box.fill(longQuestion);
        await box.press('Enter');
        await page.getByRole('button', { name: '停止' }).waitFor({ timeout: 15000 });
        await page.waitForTimeout(1200);
        await page.getByRole('button', { name: '停止' }).click();
        await page.getByRole('button', { name: '发送' }).waitFor({ timeout: 15000 });
        await shot('chat-stopped');
        const messages = await json(
          await api(`/chat/topic?uuid=${page.url().split('/').pop()}`, {
            headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('wenku:token'))}` },
          }),
        );
        const list = await json(
          await api(`/chat/message/list?topic_id=${messages.id}`, {
            headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('wenku:token'))}` },
          }),
        );
        const last = list.message.at(-1);
        assert.equal(last.role, 'assistant');
        assert.equal(last.status, 4, `the stopped answer is cancelled (status ${last.status})`);
        assert.ok(last.content.length > 0 && last.content.length < longQuestion.length + 9, 'the stopped answer keeps what was streamed, and only that');

        // 历史会话: under 今天
        await page.goto(`${baseUrl}/chat/history`);
        const today = page.getByRole('region', { name: '今天' });
        await today.getByText('Debian 是什么？').first().waitFor({ timeout: 15000 });
        await shot('chat-history');
        await context.clearPermissions?.();
      } finally {
        model.stop();
      }
    },
  },
  {
    name: 'chat on a phone: ask and read the answer',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot, api }) {
      const model = await startFakeModel(60);
      try {
        const admin = { username: 'admin', password: 'E2e-Admin-Pass-1' };
        const { token } = await json(
          await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }),
        );
        const config = Object.entries({ enable: true, provider: 'custom', base_url: model.url, api_key: model.apiKey, model: 'fake-chat' }).map(
          ([name, value]) => ({ category: 'llm', name, value }),
        );
        await json(
          await api('/config', {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ config }),
          }),
        );
        const user = { username: `phone_chat_${Date.now().toString(36)}`, password: 'e2e-pass-123' };
        // created by the administrator: registration is limited to 10 an hour per address, and the whole e2e run comes from one
        await json(
          await api('/user', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(user) }),
        );
        await page.goto(`${baseUrl}/login`);
        await page.getByPlaceholder('用户名 / 邮箱 / 手机号').fill(user.username);
        await page.getByPlaceholder('密码').fill(user.password);
        await page
          .getByRole('main')
          .getByRole('button', { name: /登\s*录/ })
          .click();
        await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
        await page.goto(`${baseUrl}/chat/dialog`);
        const box = page.getByLabel('问题');
        await box.waitFor({ timeout: 15000 });
        await shot('phone-chat-home');
        await box.fill('手机上能用吗？');
        await box.press('Enter');
        await page.getByText('你好！你问的是：手机上能用吗？').waitFor({ timeout: 30000 });
        await shot('phone-chat-answer');
        await page.goto(`${baseUrl}/chat/history`);
        await page.getByText('手机上能用吗？').first().waitFor({ timeout: 15000 });
        await shot('phone-chat-history');
      } finally {
        model.stop();
      }
    },
  },
];
