import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { ZTestLlmModelBody, type RouteResponse, type TLlmModel } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';

type TestEvent = RouteResponse<typeof api.testLlmModel>;
type Usage = { prompt_tokens: number; completion_tokens: number };

/** The schema's default prompt (`你好，请用一句话介绍你自己。`). */
export const DEFAULT_TEST_PROMPT = ZTestLlmModelBody.parse({ id: 0 }).prompt;

interface TestState {
  running: boolean;
  answer: string;
  done?: { latency_ms: number; first_token_ms: number; usage: Usage };
  error?: string;
}

const idle: TestState = { running: false, answer: '' };

/**
 * 测试 a model: POST /llm/model/test as NDJSON; the answer appears token by token, then the time to the first token,
 * the total time and the token usage, or the error. Closing the modal (unmounting it) aborts the stream.
 */
export function LlmTestModal({ model, onClose }: { model: TLlmModel; onClose: () => void }) {
  const [prompt, setPrompt] = useState(DEFAULT_TEST_PROMPT);
  const [state, setState] = useState<TestState>(idle);
  const ctrl = useRef<AbortController | null>(null);

  useEffect(() => () => ctrl.current?.abort(), []);

  const start = async () => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setState({ running: true, answer: '' });
    try {
      const body = { id: model.id, prompt: prompt.trim() || DEFAULT_TEST_PROMPT };
      for await (const ev of client.stream<TestEvent>(api.testLlmModel, body, c.signal)) {
        if (c.signal.aborted) return;
        if (ev.type === 'delta') setState((s) => ({ ...s, answer: s.answer + ev.content }));
        else if (ev.type === 'done') setState((s) => ({ ...s, running: false, done: ev }));
        else if (ev.type === 'error') setState((s) => ({ ...s, running: false, error: ev.message || ev.code || '测试失败' }));
      }
      if (!c.signal.aborted) setState((s) => (s.running ? { ...s, running: false } : s));
    } catch (err) {
      if (c.signal.aborted) return;
      setState((s) => ({ ...s, running: false, error: errorMessage(err, '测试失败') }));
    }
  };

  const stop = () => {
    ctrl.current?.abort();
    setState((s) => ({ ...s, running: false }));
  };

  const { running, answer, done, error } = state;
  const name = model.title || model.model;
  return (
    <Modal
      open
      title={`测试大模型：${name}`}
      width={640}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        running ? (
          <Button key="stop" danger onClick={stop}>
            停止
          </Button>
        ) : (
          <Button key="start" type="primary" icon={<SendOutlined />} onClick={() => void start()}>
            {answer || error || done ? '重新测试' : '开始测试'}
          </Button>
        ),
      ]}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          模型 <Typography.Text code>{model.model}</Typography.Text>
        </Typography.Text>
        <Input.TextArea
          aria-label="测试内容"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          disabled={running}
          placeholder={DEFAULT_TEST_PROMPT}
        />
        {(running || answer) && (
          <div
            data-testid="llm-test-answer"
            aria-live="polite"
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              background: '#fafafa',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              padding: '8px 12px',
              minHeight: 48,
              maxHeight: 320,
              overflow: 'auto',
            }}
          >
            {answer || <Typography.Text type="secondary">{running ? '等待模型回答…' : ''}</Typography.Text>}
            {running && answer && <Typography.Text type="secondary"> ▍</Typography.Text>}
          </div>
        )}
        {error && <Alert type="error" showIcon title="测试失败" description={error} />}
        {done && (
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="首字耗时">{done.first_token_ms} ms</Descriptions.Item>
            <Descriptions.Item label="总耗时">{done.latency_ms} ms</Descriptions.Item>
            <Descriptions.Item label="输入 Token">{done.usage.prompt_tokens}</Descriptions.Item>
            <Descriptions.Item label="输出 Token">{done.usage.completion_tokens}</Descriptions.Item>
          </Descriptions>
        )}
      </Space>
    </Modal>
  );
}
