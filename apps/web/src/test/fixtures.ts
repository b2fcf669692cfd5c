import { ZChatMessage, ZChatTopic, ZOrder, type TChatMessage, type TChatTopic, type TOrder, type TUser } from '@wenku/contracts/schemas';

/** A user as GET /user answers it, for tests: a new account with nothing uploaded; override what a test needs. */
export function testUser(over: Partial<TUser> & Pick<TUser, 'id' | 'username'>): TUser {
  return {
    avatar: '',
    signature: '',
    is_vip: false,
    doc_count: 0,
    article_count: 0,
    favorite_count: 0,
    comment_count: 0,
    created_at: '2024-01-01T00:00:00Z',
    ...over,
  } as TUser;
}

/** An order as GET /order answers it (parsed by the contract's schema, so a test cannot send a shape the API never would). */
export function testOrder(over: Partial<TOrder> = {}): TOrder {
  return ZOrder.parse({
    id: 1,
    order_no: '20261124000000000001',
    order_type: 3,
    status: 1,
    amount: 1000,
    credit_price: 0,
    payment_type: 0,
    title: '充值 100 积分',
    items: [{ kind: 3, quantity: 100, amount: 1000 }],
    user_id: 7,
    username: 'alice',
    remark: '',
    paid_after_close: false,
    created_at: '2026-11-24T08:00:00Z',
    expire_at: '2026-11-24T10:00:00Z',
    paid_at: null,
    closed_at: null,
    ...over,
  });
}

/** A chat topic as GET /chat/topic answers it. */
export function testChatTopic(over: Partial<TChatTopic> = {}): TChatTopic {
  return ZChatTopic.parse({
    id: 5,
    uuid: 'topic-uuid-5',
    category: 0,
    title: '',
    user_id: 7,
    model: 'deepseek-chat',
    message_count: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    created_at: '2026-11-24T08:00:00Z',
    updated_at: '2026-11-24T08:00:00Z',
    ...over,
  });
}

/** A chat message (parsed by the contract's schema). */
export function testChatMessage(over: Partial<TChatMessage> & Pick<TChatMessage, 'id' | 'role'>): TChatMessage {
  return ZChatMessage.parse({
    topic_id: 5,
    content: '',
    status: 2,
    error: '',
    model: 'deepseek-chat',
    prompt_tokens: 0,
    completion_tokens: 0,
    references: [],
    created_at: '2026-11-24T08:00:00Z',
    finished_at: '2026-11-24T08:00:01Z',
    ...over,
  });
}
