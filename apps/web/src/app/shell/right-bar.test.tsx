// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { stubApi, testSettings } from '../../test/fetch';
import { RightBar } from './right-bar';

describe('<RightBar>', () => {
  it('links to the chat only when settings.llm.enable is true', async () => {
    stubApi(() => undefined, testSettings({ llm: { enable: true } }));
    renderAt(<RightBar />, '/');
    const link = await screen.findByRole('link', { name: 'AI对话' });
    expect(link.getAttribute('href')).toBe('/chat');
  });

  it('has no chat link when the AI features are off', async () => {
    const fetchMock = stubApi(() => undefined, testSettings({ llm: { enable: false } }));
    renderAt(<RightBar />, '/');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: '上传文档' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'AI对话' })).toBeNull();
    expect(document.querySelector('a[href^="/chat"]')).toBeNull();
  });
});
