import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { Button } from "#ui/button";
import { api, outcome } from "#ui/lib/api-client";
import { useAction, useAppName } from "#ui/lib/use-action";

interface ReorderListProps<T extends { id: number }> {
  items: T[];
  /** The spec's order endpoint: order-testimonial or order-package. */
  endpoint: "/testimonials/order-testimonial" | "/packages/order-package";
  label: (item: T) => string;
  render: (item: T) => ReactNode;
  onDone: () => void;
}

/** Reorder mode: drag (or Space, arrows, Space by keyboard), then Save with ranks from 1, or Cancel. */
export function ReorderList<T extends { id: number }>({ items, endpoint, label, render, onDone }: ReorderListProps<T>) {
  const [order, setOrder] = useState(items);
  const { run, pending } = useAction();
  const appName = useAppName();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setOrder((current) =>
      arrayMove(
        current,
        current.findIndex((item) => item.id === active.id),
        current.findIndex((item) => item.id === over.id),
      ),
    );
  }

  async function save() {
    const body = { order: order.map((item, index) => ({ id: item.id, rank: index + LIMITS.reorderFirstRank })) };
    const result = await run(
      () =>
        outcome(
          endpoint === "/packages/order-package"
            ? api.POST("/packages/order-package", { body })
            : api.POST("/testimonials/order-testimonial", { body }),
        ),
      {
        success: () => null,
        quietFailure: true,
      },
    );
    if (result.ok) onDone();
    else
      toast.error(`${MESSAGES.reorderErrorPrefix}${result.error?.message ?? MESSAGES.genericFormFailure(appName)}`, {
        duration: LIMITS.reorderErrorToastMs,
      });
  }

  return (
    <div>
      <p className="text-sm text-gray-700" id={`${endpoint}-help`}>
        Drag items into place, or focus a handle, press Space, move with the arrow keys and press Space again.
      </p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ol className="mt-3 flex flex-col gap-2" aria-label="New order">
            {order.map((item) => (
              <SortableRow key={item.id} id={item.id} label={label(item)} describedBy={`${endpoint}-help`}>
                {render(item)}
              </SortableRow>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="mt-3 flex gap-2">
        <Button onClick={() => void save()} disabled={pending}>
          Save Order
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function SortableRow({
  id,
  label,
  describedBy,
  children,
}: {
  id: number;
  label: string;
  describedBy: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-start gap-2 rounded-md border border-gray-200 bg-white p-3 ${isDragging ? "shadow-lg" : ""}`}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Move ${label}`}
        aria-describedby={describedBy}
        className="cursor-grab rounded p-1 text-gray-600 hover:bg-gray-100"
      >
        <GripVertical aria-hidden className="h-5 w-5" />
      </button>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}
