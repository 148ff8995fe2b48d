/** What a screen shows while its data loads, and when loading failed (with a retry). */
export function LoadingNote({ label, testId }: { label: string; testId?: string }) {
  return (
    <p role="status" className="card text-stone-600" data-testid={testId}>
      {label}
    </p>
  );
}

export function LoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="card space-y-3" role="alert">
      <p className="text-stone-700">{message}</p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
