export function buildServer(): Promise<void>;
export function webHasBuild(): boolean;
export function webIsBuilt(): boolean;
