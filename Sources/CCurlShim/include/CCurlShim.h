// A non-variadic face of libcurl's easy interface for the network helper `shelf-fetch`:
// Swift cannot call the variadic curl_easy_setopt/curl_easy_getinfo.
#ifndef SHELF_CCURL_SHIM_H
#define SHELF_CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>

/// The answer to one GET: the status, the header lines of the final response (raw, CRLF
/// separated) and the body, in buffers the caller releases with shelf_fetch_result_free.
typedef struct shelf_fetch_result {
  long status;
  unsigned char *head;
  size_t head_length;
  unsigned char *body;
  size_t body_length;
  /// The OS error behind a failed connection (ECONNREFUSED…), or 0.
  long os_error;
  /// libcurl's own words for a failure.
  char detail[CURL_ERROR_SIZE];
} shelf_fetch_result;

/// Initialises libcurl once for the process; call before any thread starts.
int shelf_curl_global_init(void);
/// A handle that keeps its connections open between requests (keep-alive).
CURL *shelf_curl_handle(void);
void shelf_curl_release(CURL *handle);
/// One GET of `url`, the whole of it within `timeout_ms` (connection, headers and body).
/// Bodies larger than `max_body` bytes fail with CURLE_WRITE_ERROR.
CURLcode shelf_curl_get(CURL *handle, const char *url, long timeout_ms, size_t max_body,
                        shelf_fetch_result *result);
void shelf_fetch_result_free(shelf_fetch_result *result);

#endif
