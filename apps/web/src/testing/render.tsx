import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * Renders a piece of the app inside what the app gives it: Mantine, a fresh query cache, a router.
 * Mantine runs in its test mode: no transitions, no portals, and no hiding of a popover whose
 * target looks detached, which in jsdom (no layout, every box 0 by 0) every target does.
 */
export function renderInApp(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <MemoryRouter>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper, ...options }) };
}
