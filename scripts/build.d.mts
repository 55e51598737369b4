export function buildServer(): Promise<void>;
export function webHasBuild(): boolean;
export function webIsBuilt(): boolean;
/** Bundles the CLI into `outfile` (default apps/cli/dist/mapper.mjs). */
export function buildCli(outfile?: string): Promise<void>;
