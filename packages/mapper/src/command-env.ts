import type { ApiClient, CallOptions, MapperProfile } from '@caravanserai/api';
import type { HostActions, MapperIO } from './io.js';

/** The abort signal type as the api client declares it, so no platform library is needed here. */
export type Signal = NonNullable<CallOptions['signal']>;

export interface MapperUser {
  pk: number;
  username: string;
}

/** What persists between commands of one session. */
export interface MapperState {
  /** The Mapper profile once loaded, so `mapper up` costs one request rather than two. */
  profile?: MapperProfile;
}

export interface CommandEnv {
  api: ApiClient;
  io: MapperIO;
  host: HostActions;
  user: MapperUser | null;
  state: MapperState;
  /** Aborted by Ctrl+C: the running command is cancelled. A fresh one per command line. */
  signal?: Signal;
}

export function createState(): MapperState {
  return {};
}
