/** The models each family's list endpoint reports. */

const CREATED = 1_700_000_000;

export function openaiModelList(): unknown {
  const ids = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1'];
  return {
    object: 'list',
    data: ids.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'system' })),
  };
}

export function anthropicModelList(): unknown {
  const ids = ['claude-sonnet-4-5', 'claude-haiku-4-5'];
  return {
    data: ids.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
    has_more: false,
    first_id: ids[0],
    last_id: ids[ids.length - 1],
  };
}

export function geminiModelList(): unknown {
  const ids = ['gemini-2.5-flash', 'gemini-2.5-pro'];
  return {
    models: ids.map((id) => ({
      name: `models/${id}`,
      version: '001',
      displayName: id,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })),
  };
}
