import { Button, Tooltip } from '@mantine/core';
import { EARLY_END_HINTS, type EarlyEnd } from '../../model/continuing';
import { ChevronRightIcon } from '../icons';
import { useAsking } from './asking';
import classes from './entry-row.module.css';

/**
 * Continue, on an answer that ended early (DESIGN 12): the model goes on from its text, which
 * grows in place. Left out while another answer arrives (none can be asked meanwhile).
 */
export function ContinueButton({ why, onContinue }: { why: EarlyEnd; onContinue: () => void }) {
  if (useAsking()) return null;
  return (
    <Tooltip label={`${EARLY_END_HINTS[why]}: ask the model to go on from here`} openDelay={350} withArrow>
      <Button
        size="compact-xs"
        variant="light"
        className={classes.action}
        rightSection={<ChevronRightIcon />}
        onClick={onContinue}
        mr={4}
      >
        Continue
      </Button>
    </Tooltip>
  );
}
