import { useWatch, type UseFormReturn } from "react-hook-form";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/hooks/use-toast";
import { imagesFor, type GenerateFormValues } from "./generate-form-schema";
import { imageSlotsOf } from "./model-options";
import { ImageSlotsField } from "./reference-image-field";

/** The generator's image slots, when the model takes images in the mode; removing one says so. */
export function GenerateImageSlots({
  form,
  uploading,
  signedOut,
  onFile,
}: {
  form: UseFormReturn<GenerateFormValues>;
  uploading: boolean;
  signedOut: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useLingui();
  const [mode, model, imageUrls] = useWatch({ control: form.control, name: ["mode", "model", "imageUrls"] });
  const {
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  if (imageSlotsOf(model, mode).max === 0) return null;
  const images = imagesFor(mode, model, imageUrls);
  return (
    <ImageSlotsField
      mode={mode}
      model={model}
      imageUrls={images}
      uploading={uploading}
      signedOut={signedOut}
      error={errors.imageUrls?.message}
      onFile={onFile}
      onRemove={(index) => {
        setValue(
          "imageUrls",
          images.filter((_, i) => i !== index),
          { shouldValidate: isSubmitted },
        );
        toast({ title: t`Image removed`, description: t`It will not be used for this video.` });
      }}
    />
  );
}
