import type { LogbookOverview, ModelSettings, ModelSettingsWrite } from '@caravanserai/api';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { usePatchLogbook } from '../../api/patch-logbook';
import { type SettingErrors, type SettingName, settingErrors } from './model-settings';

function without<T extends object>(record: T, names: readonly PropertyKey[]): T {
  const kept = { ...record };
  for (const name of names) delete kept[name as keyof T];
  return kept;
}

/**
 * A logbook's model settings as the workspace changes them (DESIGN 12): each change shows at
 * once and is stored with PATCH; a refused one goes back, its reason kept beside the setting
 * until it is set again (to what is stored, too, which needs no call).
 */
export function useModelSettings(logbook: LogbookOverview) {
  const { logid } = logbook;
  const { mutate } = usePatchLogbook();
  const [wanted, setWanted] = useState<ModelSettingsWrite>({});
  const [errors, setErrors] = useState<SettingErrors>({});

  const settings: ModelSettings = { ...logbook.settings, ...wanted };
  const shown = useRef(settings);
  shown.current = settings;

  /** Stores the settings `change` gives a new value; any named loses the refusal beside it. */
  const save = useCallback(
    (change: ModelSettingsWrite) => {
      const named = Object.keys(change) as SettingName[];
      setErrors((current) => without(current, named));
      const names = named.filter((name) => change[name] !== shown.current[name]);
      if (names.length === 0) return;
      const changed: ModelSettingsWrite = Object.fromEntries(names.map((name) => [name, change[name]]));
      setWanted((current) => ({ ...current, ...changed }));
      mutate(
        { logid, patch: { settings: changed } },
        {
          onError: (error) => {
            const refused = settingErrors(error, names);
            if (refused) setErrors((current) => ({ ...current, ...refused }));
            else
              notifications.show({
                color: 'red',
                title: 'Model settings not changed',
                message: error instanceof Error ? error.message : String(error),
              });
          },
          // A later change of the same setting is still on its way: it stays shown.
          onSettled: () =>
            setWanted((current) =>
              without(
                current,
                names.filter((name) => current[name] === changed[name]),
              ),
            ),
        },
      );
    },
    [mutate, logid],
  );

  const clearErrors = useCallback(() => setErrors({}), []);
  return { settings, errors, save, clearErrors };
}
