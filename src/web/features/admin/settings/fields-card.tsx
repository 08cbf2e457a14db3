import { SectionCard } from "@/components/ui/section-card";

/** A card of settings fields, one under the other. */
export function FieldsCard({ children, ...card }: Parameters<typeof SectionCard>[0]) {
  return (
    <SectionCard {...card}>
      <div className="grid gap-4">{children}</div>
    </SectionCard>
  );
}
