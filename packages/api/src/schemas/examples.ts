/**
 * The public example logbooks seeded on first start and linked from /examples.
 * Their ids are fixed so the page can link to them without asking the server.
 */
export const EXAMPLE_LOGBOOKS = [
  { logid: 'example-first-journey', title: 'First Journey: context, queries and answers' },
  { logid: 'example-code-review', title: 'Code review with a Well' },
  { logid: 'example-mirage-hunt', title: 'Marking a mirage' },
] as const;
