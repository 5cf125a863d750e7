import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatBytes } from '@/lib/bytes';
import { useImportProducts } from '../api/products';
import type { ImportReport } from '../api/types';

/** `/admin/products/import`: a CSV of products and prices — a dry run lists every row's problems, then one transaction writes it. */
export default function ProductImportPage() {
  const run = useImportProducts();
  const [file, setFile] = useState<{ name: string; size: number; text: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    run.mutate(
      { csv: file.text, dryRun },
      {
        onSuccess: setReport,
        onError: (error) => {
          const problem = isApiProblem(error) ? error : null;
          setFailure(problem ? (problem.detail ?? messageForProblem(problem)) : 'The file could not be sent. Check your connection and try again.');
        },
      },
    );
  };

  const clean = report && report.errors.length === 0;
  return (
    <div className="admin-page">
      <title>Import products — Back office — Uplink</title>
      <p className="admin-back">
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1 tabIndex={-1}>Import products</h1>
      <p>
        Upload a CSV in the export’s format (<a href="/api/v1/admin/exports/products.csv" download="products.csv">export the catalogue</a> to start
        from it). First a check: every row’s problems are listed and nothing is written. When the check is clean, import writes every row in
        one go; rows that did not change are left alone.
      </p>
      <Card as="section" aria-labelledby="file-h" className="admin-section">
        <h2 id="file-h">1. Choose the file</h2>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="import-file">
            CSV file
          </label>
          <input
            id="import-file"
            className="ui-input"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              setReport(null);
              setFailure(null);
              if (!chosen) return setFile(null);
              void chosen.text().then((text) => setFile({ name: chosen.name, size: chosen.size, text }));
            }}
          />
        </div>
        {file && (
          <p className="muted">
            {file.name} · {formatBytes(file.size)}
          </p>
        )}
        <div className="admin-head__actions">
          <Button variant="secondary" disabled={!file} loading={run.isPending && run.variables?.dryRun} onClick={() => send(true)}>
            Check the file (dry run)
          </Button>
          <Button disabled={!clean || report?.dry_run === false} loading={run.isPending && run.variables?.dryRun === false} onClick={() => send(false)}>
            Import {report ? `${report.created + report.updated} changed rows` : ''}
          </Button>
        </div>
        {run.isPending && <progress className="editor-progress" aria-label="Checking the file" />}
      </Card>
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      <div role="status" aria-live="polite">
        {report && (
          <Card as="section" aria-labelledby="report-h" className="admin-section" data-testid="import-report">
            <h2 id="report-h">{report.dry_run ? '2. What the import would do' : 'Imported'}</h2>
            <p>
              {report.rows} rows read: {report.created} new, {report.updated} changed, {report.unchanged} unchanged.
              {report.errors.length > 0 && <strong> {report.errors.length} problems — nothing was written. Fix them in the file and check it again.</strong>}
              {report.errors.length === 0 && report.dry_run && ' No problems: import it when ready.'}
              {!report.dry_run && ' Every change is saved.'}
            </p>
            {report.errors.length > 0 && (
              <div className="import-errors" tabIndex={0} role="region" aria-label="Problems by row">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">SKU</th>
                      <th scope="col">Column</th>
                      <th scope="col">Problem</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.errors.map((e, i) => (
                      <tr key={`${e.line}-${e.field}-${i}`}>
                        <td data-label="Line">{e.line}</td>
                        <td data-label="SKU">{e.sku}</td>
                        <td data-label="Column">{e.field}</td>
                        <td data-label="Problem">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        )}
      </div>
    </div>
  );
}
