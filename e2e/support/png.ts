/** The PNG's size and its international text chunks (iTXt), as a reader of the file finds them. */
export function readPng(bytes: Buffer) {
  const texts: Record<string, string> = {};
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'iTXt') {
      const [keyword, , , , , ...text] = bytes
        .subarray(at + 8, at + 8 + length)
        .toString('utf8')
        .split('\0');
      texts[keyword!] = text.join('\0');
    }
    at += 12 + length;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), texts };
}
