export function LoadingScreen({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-stone-50/90"
      data-testid="loading-screen"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-stone-200 border-t-brand-600" aria-hidden />
      <span className="text-sm text-stone-600">{label}</span>
    </div>
  );
}
