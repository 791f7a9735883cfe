// zlib for reading the zip archives other trackers export, with a non-macro face of the one
// call Swift cannot make: inflateInit2 is a macro.
#ifndef SHELF_CZLIB_SHIM_H
#define SHELF_CZLIB_SHIM_H

#include <zlib.h>

/// Prepares `stream` to inflate raw deflate data (no zlib or gzip header), as a zip entry holds.
static inline int shelf_inflate_init_raw(z_stream *stream) {
  return inflateInit2(stream, -MAX_WBITS);
}

#endif
