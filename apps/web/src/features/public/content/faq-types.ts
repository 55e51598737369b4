import type { ReactNode } from 'react';

export interface FaqItem {
  /** Stable value for the accordion; also usable as a link fragment. */
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  title: string;
  items: FaqItem[];
}
