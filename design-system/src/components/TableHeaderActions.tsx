import type * as React from 'react';
import { DownloadIcon, PlusIcon, ShieldCheckIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './Button';

export interface TableHeaderActionsProps {
  onAdd?: () => void;
  onVerify?: () => void;
  onDownloadCsv?: () => void;
  onDownloadXlsx?: () => void;
  addText?: string;
  verifyText?: string;
  csvText?: string;
  xlsxText?: string;
  /** Disables the download buttons while a file is being prepared. */
  downloading?: boolean;
  children?: React.ReactNode;
  className?: string;
}

/** The usual list-page header buttons; only those with a callback are shown. */
export function TableHeaderActions({
  onAdd,
  onVerify,
  onDownloadCsv,
  onDownloadXlsx,
  addText = 'Add',
  verifyText = 'Verify',
  csvText = 'CSV',
  xlsxText = 'XLSX',
  downloading = false,
  children,
  className,
}: TableHeaderActionsProps) {
  return (
    <div data-slot="table-header-actions" className={cn('flex flex-wrap items-center gap-2', className)}>
      {children}
      {onVerify ? (
        <Button variant="outline" size="sm" onClick={onVerify}>
          <ShieldCheckIcon />
          {verifyText}
        </Button>
      ) : null}
      {onDownloadCsv ? (
        <Button variant="outline" size="sm" onClick={onDownloadCsv} loading={downloading}>
          <DownloadIcon />
          {csvText}
        </Button>
      ) : null}
      {onDownloadXlsx ? (
        <Button variant="outline" size="sm" onClick={onDownloadXlsx} loading={downloading}>
          <DownloadIcon />
          {xlsxText}
        </Button>
      ) : null}
      {onAdd ? (
        <Button size="sm" onClick={onAdd}>
          <PlusIcon />
          {addText}
        </Button>
      ) : null}
    </div>
  );
}
