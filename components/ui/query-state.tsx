import type { ReactNode } from "react";

export function LoadingNote({ label, testId }: { label: string; testId?: string }) {
  return (
    <p role="status" className="card text-stone-600" data-testid={testId}>
      {label}
    </p>
  );
}

export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  children,
}: {
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="card space-y-3" role="alert">
      <p className="text-stone-700">{message}</p>
      {onRetry && (
        <button type="button" className="btn-secondary" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
      {children}
    </div>
  );
}

export function EmptyState({ message, testId, children }: { message: string; testId?: string; children: ReactNode }) {
  return (
    <div className="card space-y-3 text-center" data-testid={testId}>
      <p className="text-stone-700">{message}</p>
      {children}
    </div>
  );
}
