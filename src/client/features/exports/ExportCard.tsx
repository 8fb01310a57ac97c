import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import {
  EXPORT_DATASETS,
  EXPORT_MAX_DAYS,
  type ExportDataset,
  type ExportFormat,
  exportInput,
} from '../../../common/exports/schemas';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { downloadExport } from './download';
import { keyboardPick } from '../../components/admin/keyboard-pick';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Download this screen's data (Pro): a dataset, a range of UTC days and CSV or JSON. The file
 * streams from /api/exports; the bar follows the rows received against the count the check gave.
 * On a lower plan it is a locked card naming Pro.
 */
export function ExportCard({ datasets, title = 'Export' }: { datasets: ExportDataset[]; title?: string }) {
  const guildId = useGuildId();
  // The screen around already reads the plan: a plan that failed to load is not fetched again
  // because this card mounted (a screen that shows a skeleton while it loads would loop).
  const plan = trpc.billing.plan.useQuery({ guildId }, { retryOnMount: false });
  const unlocked = plan.data?.capabilities.analyticsExport;
  const utils = trpc.useUtils();
  const today = Date.now();
  const [dataset, setDataset] = useState<ExportDataset>(datasets[0]);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [from, setFrom] = useState(isoDay(today - 29 * DAY));
  const [to, setTo] = useState(isoDay(today));
  const [progress, setProgress] = useState<{ fraction: number; rows: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  if (unlocked === false) {
    return (
      <div data-testid="export-card">
        <LockedFeature
          capability="analyticsExport"
          description="Download this screen's data as CSV or JSON for any range of days."
        />
      </div>
    );
  }

  const start = async () => {
    setError(null);
    const parsed = exportInput.safeParse({ dataset, format, from, to });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    try {
      const checked = await utils.exports.check.fetch({ guildId, ...parsed.data });
      setProgress({ fraction: 0, rows: checked.rows });
      await downloadExport(
        { guildId, ...parsed.data },
        checked.rows,
        checked.fileName,
        (fraction) => setProgress({ fraction, rows: checked.rows }),
        controller.signal,
      );
    } catch (err) {
      if (!controller.signal.aborted) setError(errorMessage(err));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="export-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconDownload size={18} aria-hidden />
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          CSV or JSON for up to {EXPORT_MAX_DAYS} days (UTC). Exports hold figures and metadata, never the
          text of a message.
        </Text>
        <Group align="end" gap="sm" wrap="wrap">
          {datasets.length > 1 && (
            <Select
              {...keyboardPick(dataset)}
              label="Data"
              data={datasets.map((d) => ({ value: d, label: EXPORT_DATASETS[d].label }))}
              value={dataset}
              onChange={(v) => v && setDataset(v as ExportDataset)}
              allowDeselect={false}
              // Wide enough for the longest dataset's name; never wider than a phone's card.
              w={320}
              maw="100%"
            />
          )}
          <TextInput
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            w={160}
          />
          <TextInput
            label="To"
            type="date"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            w={160}
          />
          <SegmentedControl
            aria-label="Format"
            value={format}
            onChange={(v) => setFormat(v as ExportFormat)}
            data={[
              { value: 'csv', label: 'CSV' },
              { value: 'json', label: 'JSON' },
            ]}
          />
          {progress ? (
            <Button variant="default" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          ) : (
            <Button leftSection={<IconDownload size={16} />} onClick={start} disabled={unlocked !== true}>
              Download
            </Button>
          )}
        </Group>
        {progress && (
          <Stack gap={4} data-testid="export-progress">
            <Progress value={progress.fraction * 100} animated />
            <Text size="xs" c="dimmed">
              {Math.round(progress.fraction * progress.rows).toLocaleString()} of{' '}
              {progress.rows.toLocaleString()} rows
            </Text>
          </Stack>
        )}
        {error && (
          <Alert color="red" title="Could not export">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
