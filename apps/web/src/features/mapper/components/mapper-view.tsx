import '@xterm/xterm/css/xterm.css';
import type { MapperProfile } from '@caravanserai/api';
import type { MapperUser } from '@caravanserai/mapper';
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { type MapperHost, mountMapper } from '../lib/mount-mapper';
import classes from './mapper-view.module.css';

/** The Mapper page's screen: xterm.js driven by the shared Mapper session. */
export function MapperView({
  user,
  profile,
  host,
}: {
  user: MapperUser;
  profile: MapperProfile;
  host: MapperHost;
}) {
  const element = useRef<HTMLDivElement>(null);
  const hostRef = useRef(host);
  hostRef.current = host;

  useEffect(() => {
    if (!element.current) return;
    return mountMapper(element.current, user, profile, {
      openLogbook: (logid) => hostRef.current.openLogbook(logid),
      goHome: () => hostRef.current.goHome(),
    });
  }, [user, profile]);

  // The outer box offers the page's width; the inner one hugs the profile's columns within it.
  return (
    <Box>
      <Box
        ref={element}
        className={classes.box}
        role="application"
        aria-label="Mapper terminal"
        p={8}
        style={{
          background: profile.background_color,
          borderRadius: 8,
          overflow: 'hidden',
          width: 'fit-content',
          maxWidth: '100%',
        }}
      />
    </Box>
  );
}
