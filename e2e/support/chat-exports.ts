/**
 * Small exports of other AI apps, built in the test, for the import page. The ChatGPT one has the
 * shape of `conversations.json` in its data export: a message tree per conversation, whose active
 * branch ends at `current_node`.
 */
export interface ChatTurn {
  user: string;
  assistant: string;
}

interface ChatGptNode {
  id: string;
  message: {
    id: string;
    author: { role: 'user' | 'assistant' | 'system' };
    create_time: number;
    content: { content_type: 'text'; parts: string[] };
    metadata: Record<string, unknown>;
  } | null;
  parent: string | null;
  children: string[];
}

export function chatGptConversation(id: string, title: string, turns: readonly ChatTurn[]) {
  const start = Date.UTC(2025, 2, 14, 9, 30) / 1000;
  const mapping: Record<string, ChatGptNode> = {
    [`${id}-root`]: { id: `${id}-root`, message: null, parent: null, children: [] },
  };
  let parent = `${id}-root`;
  let clock = start;
  const add = (role: 'user' | 'assistant', text: string, n: number) => {
    const nodeId = `${id}-${role}-${n}`;
    clock += 30;
    mapping[nodeId] = {
      id: nodeId,
      message: {
        id: nodeId,
        author: { role },
        create_time: clock,
        content: { content_type: 'text', parts: [text] },
        metadata: role === 'assistant' ? { model_slug: 'gpt-4o' } : {},
      },
      parent,
      children: [],
    };
    mapping[parent]?.children.push(nodeId);
    parent = nodeId;
  };
  turns.forEach((turn, n) => {
    add('user', turn.user, n);
    add('assistant', turn.assistant, n);
  });
  return {
    id,
    conversation_id: id,
    title,
    create_time: start,
    update_time: clock,
    mapping,
    current_node: parent,
    default_model_slug: 'gpt-4o',
  };
}

/** `conversations.json` of a ChatGPT data export holding these conversations. */
export function chatGptExport(conversations: ReturnType<typeof chatGptConversation>[]): Buffer {
  return Buffer.from(JSON.stringify(conversations), 'utf8');
}

/** `count` everyday turns, with `special` as the user's words of turn `at`. */
export function turnsWith(count: number, at: number, special: string): ChatTurn[] {
  return Array.from({ length: count }, (_, n) => ({
    user: n === at ? special : `Question ${n + 1} about the caravan route from Bukhara to Merv.`,
    assistant: `Answer ${n + 1}: the road crosses the desert; water is found at the wells along the way.\n\nMore detail on the stage ${n + 1}, its inns and its markets, for a long and readable reply.`,
  }));
}
