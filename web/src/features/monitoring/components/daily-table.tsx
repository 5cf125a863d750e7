import { formatBytes } from '@/lib/bytes';
import { formatWeekday } from '@/lib/time-format';
import type { UsageDay } from '../api/types';

/** The chart's figures as a table: one row per day, newest first, with download, upload and total. */
export function DailyTable({ days, caption }: { days: readonly UsageDay[]; caption: string }) {
  const newestFirst = [...days].reverse();
  return (
    <table className="data-table usage-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col" className="data-table__num">
            Download
          </th>
          <th scope="col" className="data-table__num">
            Upload
          </th>
          <th scope="col" className="data-table__num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map((day) => (
          <tr key={day.date}>
            <th scope="row" data-label="Day">
              <time dateTime={day.date}>{formatWeekday(day.date)}</time>
            </th>
            <td className="data-table__num" data-label="Download">
              {formatBytes(day.bytes_down)}
            </td>
            <td className="data-table__num" data-label="Upload">
              {formatBytes(day.bytes_up)}
            </td>
            <td className="data-table__num" data-label="Total">
              {formatBytes(day.bytes)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
