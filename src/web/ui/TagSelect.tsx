import { TagsInput, type TagsInputProps } from '@mantine/core';

/** Characters that end a tag while typing or pasting (§2 "Tag selects split on comma and space"). */
export const TAG_SPLIT_CHARS = [',', ' '];

/** A tags input that turns typed or pasted text into tags at each comma and space. */
export function TagSelect(props: TagsInputProps) {
  return <TagsInput splitChars={TAG_SPLIT_CHARS} clearable acceptValueOnBlur {...props} />;
}
