import { useWatch, type UseFormReturn } from "react-hook-form";
import { useLingui } from "@lingui/react/macro";
import { surchargeCost } from "../../../shared/prices";
import { FirstFrameMaker, type FirstFrameMakerProps } from "@/features/first-frames";
import { toast } from "@/hooks/use-toast";
import { imagesFor, type GenerateFormValues } from "./generate-form-schema";
import { imageSlotsOf } from "./model-options";
import { ImageSlotsField } from "./reference-image-field";
import { useFirstFrameOffered, useWebPriceTable } from "./use-web-prices";

/**
 * The generator's image slots, when the model takes images in the mode; removing one says so. In
 * image mode the empty first-frame slot also offers "Create an image" (decision 0161).
 */
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
  const [mode, model, imageUrls, prompt, aspectRatio] = useWatch({
    control: form.control,
    name: ["mode", "model", "imageUrls", "prompt", "aspectRatio"],
  });
  const {
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = form;
  if (imageSlotsOf(model, mode).max === 0) return null;
  const images = imagesFor(mode, model, imageUrls);
  const maker =
    mode === "image" ? (
      <PricedFirstFrameMaker
        videoPrompt={prompt}
        aspectRatio={aspectRatio}
        signedOut={signedOut}
        onMade={(imageUrl) => {
          // The first frame goes first; a last frame already chosen stays.
          const current = getValues();
          const others = imagesFor(current.mode, current.model, current.imageUrls).filter((url) => url !== imageUrl);
          setValue("imageUrls", [imageUrl, ...others].slice(0, imageSlotsOf(current.model, current.mode).max), {
            shouldValidate: isSubmitted,
          });
          toast({ title: t`Image created`, description: t`It is the first frame of your video.` });
        }}
      />
    ) : undefined;
  return (
    <ImageSlotsField
      mode={mode}
      model={model}
      imageUrls={images}
      uploading={uploading}
      signedOut={signedOut}
      error={errors.imageUrls?.message}
      onFile={onFile}
      firstSlotExtra={maker}
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

/** The maker at the first-frame price, while the admin offers it: the models' view is read only once image mode shows it. */
function PricedFirstFrameMaker(props: Omit<FirstFrameMakerProps, "price">) {
  const prices = useWebPriceTable();
  // The admin's switch is off: only uploads (the server would refuse anyway).
  if (!useFirstFrameOffered()) return null;
  return <FirstFrameMaker {...props} price={surchargeCost(prices, "first_frame", "web")} />;
}
