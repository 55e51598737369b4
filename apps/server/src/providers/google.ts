import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { ProviderFamily } from './family.js';

export const googleFamily: ProviderFamily = {
  id: 'google',
  label: 'Google Gemini',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  models: [
    ['gemini-2.5-pro', 'Gemini 2.5 Pro'],
    ['gemini-2.5-flash', 'Gemini 2.5 Flash'],
    ['gemini-2.5-flash-lite', 'Gemini 2.5 Flash-Lite'],
    ['gemini-2.0-flash', 'Gemini 2.0 Flash'],
  ],
  create: ({ apiKey, baseURL, model, fetch }) => createGoogleGenerativeAI({ apiKey, baseURL, fetch })(model),
};
