import { FileText } from "lucide-react";
import { MESSAGES, OWN_EMPTY_STATES } from "#domain/messages";
import { documentTypeLabel } from "#modules/files/media";
import { EmptyState, Section } from "#ui/section";
import { fileUrl } from "#modules/files/file-urls";
import type { SectionProps } from "../types";

export function Documents({ act, can }: SectionProps) {
  if (!can.showDocuments) return null;
  return (
    <Section id="documents" title="Documents">
      {act.approvedPublicDocuments.length === 0 ? (
        <EmptyState>{act.viewer.isManager ? OWN_EMPTY_STATES.documents : MESSAGES.noDocuments}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {act.approvedPublicDocuments.map((doc) => (
            <li key={doc.id} className="flex items-center gap-2">
              <FileText aria-hidden className="h-5 w-5 text-gray-600" />
              <a href={fileUrl(doc.file_path)} className="text-brand-800 underline">
                {doc.title}
              </a>
              <span className="text-sm text-gray-700">{documentTypeLabel(doc.file_path_raw || doc.file_path)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
