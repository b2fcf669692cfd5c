// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { ErrorCode } from '@wenku/contracts/client';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi, testSettings } from '../../../test/fetch';
import { testChatTopic, testUser } from '../../../test/fixtures';
import { session } from '../../../app/session';
import { useDocumentActions } from '../use-document-actions';
import type { DocumentDetail } from '../api';
import { AskDocumentButton } from './ask-document-button';

const doc = { id: 9, uuid: 'abc123', title: '线性代数', price: 0, can_download_free: true } as DocumentDetail;

/** The button as the document page wires it: login state and the login redirect come from the page's actions. */
function Harness() {
  const a = useDocumentActions(doc);
  return <AskDocumentButton doc={doc} loggedIn={a.loggedIn} loginFirst={a.loginFirst} />;
}

const AI_ON = testSettings({ llm: { enable: true } });

function logIn() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice' })));
  session.reset();
}

beforeEach(() => session.reset());

describe('问这篇文档', () => {
  it('creates a document Q&A topic (category 2) bound to the document and opens it', async () => {
    logIn();
    const bodies: unknown[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return json(testChatTopic({ uuid: 'qa-uuid', category: 2, document_id: 9 }));
      }
      return undefined;
    }, AI_ON);
    renderAt(<Harness />, '/document/abc123');
    fireEvent.click(await screen.findByRole('button', { name: /问这篇文档/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/qa-uuid'));
    expect(bodies).toEqual([{ category: 2, document_id: [9], title: '问文档：线性代数' }]);
  });

  it('shows the server message when the topic cannot be created, 创建会话失败 without one', async () => {
    logIn();
    let n = 0;
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && init?.method === 'POST') {
        n++;
        return n === 1
          ? json({ code: ErrorCode.Forbidden, message: '今日次数已用完' }, 403)
          : Promise.resolve(new Response('<html>502</html>', { status: 502 }));
      }
      return undefined;
    }, AI_ON);
    renderAt(<Harness />, '/document/abc123');
    fireEvent.click(await screen.findByRole('button', { name: /问这篇文档/ }));
    expect(await screen.findByText('今日次数已用完')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /问这篇文档/ }));
    expect(await screen.findByText('创建会话失败')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/document/abc123');
  });

  it('sends a visitor to log in first', async () => {
    const posted: unknown[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic') posted.push(init);
      return undefined;
    }, AI_ON);
    renderAt(<Harness />, '/document/abc123?page=2');
    fireEvent.click(await screen.findByRole('button', { name: /问这篇文档/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/login\?redirect=/));
    expect(decodeURIComponent(screen.getByTestId('location').textContent!)).toContain('/document/abc123?page=2');
    expect(posted).toEqual([]);
  });

  it('is not shown while the site’s AI features are off', async () => {
    logIn();
    stubApi(() => undefined, testSettings({ llm: { enable: false } }));
    renderAt(
      <>
        <Harness />
        <span>文档页</span>
      </>,
      '/document/abc123',
    );
    await screen.findByText('文档页');
    // settings answered (defaults are off too): still no button
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /问这篇文档/ })).toBeNull();
  });
});
