import type { Formats } from '../../../shared/formats';
import { useFormats } from '../../api/session';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, TIME_REPORT_DAYS } from '../../../shared/constants';
import { formatDuration } from '../../../shared/duration';
import { useTimeReport } from '../../api/tasks';
import { ListFrame } from '../../components/page-frames';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

/** /resources/tasks/time-report, the median time on site per template against its estimate. */
export function TimeReportPage() {
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const report = useTimeReport(list.offset);
  const moving = useStayInRange(list, report, DEFAULT_PAGE_SIZE);
  const formats = useFormats();

  return (
    <PageShell title="Time on site by task" crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: 'Time report' }]}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Completed tasks of the last {TIME_REPORT_DAYS} days: the median time each took on site, against its estimate.
        </Text>
        <ListFrame
          query={report}
          moving={moving}
          loading="Loading time report"
          failed="Failed to load the time report"
          empty={<Text c="dimmed">No completed tasks in the last {TIME_REPORT_DAYS} days</Text>}
          pages={{ offset: list.offset, pageSize: DEFAULT_PAGE_SIZE, onPage: list.setPage, noun: 'tasks' }}
        >
          {(items) => (
            <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label="Time on site by task">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Task</Table.Th>
                  <Table.Th>Estimate</Table.Th>
                  <Table.Th>Median actual</Table.Th>
                  <Table.Th>Tasks measured</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.taskId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Anchor component={Link} to={paths.task(item.taskId)} size="sm">
                        {item.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDuration(item.estimatedMinutes)}</Table.Td>
                    <Table.Td>{formatMinutes(item.medianMinutes, formats)}</Table.Td>
                    <Table.Td>{item.measured}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </ListFrame>
      </Stack>
    </PageShell>
  );
}

/** A median may fall between two whole minutes: '22.5 min'; whole ones as durations ('1 h 5 min'). */
const formatMinutes = (minutes: number, formats: Formats) =>
  Number.isInteger(minutes) ? formatDuration(minutes) : `${formats.number(minutes)} min`;
