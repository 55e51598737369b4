import type { ImportFormat } from '@caravanserai/api';

const LABELS: Record<ImportFormat, string> = {
  chatgpt: 'ChatGPT export',
  claude: 'Claude export',
  'open-webui': 'Open WebUI export',
  librechat: 'LibreChat export',
  'caravanserai-xml': 'Caravanserai XML',
  'caravanserai-json': 'Caravanserai JSON',
  'caravanserai-backup': 'Caravanserai backup',
};

/** What a detected format is called on screen. */
export const formatLabel = (format: ImportFormat): string => LABELS[format];
