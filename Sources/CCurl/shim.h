// libcurl for the network helper `shelf-fetch`, with a non-variadic face of its easy interface:
// Swift cannot call the variadic curl_easy_setopt/curl_easy_getinfo.
#ifndef SHELF_CCURL_SHIM_H
#define SHELF_CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

typedef struct shelf_buffer {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
  size_t limit;
} shelf_buffer;

static inline int buffer_append(shelf_buffer *into, const void *bytes, size_t count) {
  if (count > into->limit - into->length) return 0;
  if (into->length + count > into->capacity) {
    size_t capacity = into->capacity ? into->capacity : 16384;
    while (capacity < into->length + count) capacity *= 2;
    unsigned char *grown = realloc(into->bytes, capacity);
    if (grown == NULL) return 0;
    into->bytes = grown;
    into->capacity = capacity;
  }
  memcpy(into->bytes + into->length, bytes, count);
  into->length += count;
  return 1;
}

static inline size_t on_body(char *data, size_t size, size_t count, void *context) {
  return buffer_append(context, data, size * count) ? size * count : 0;
}

// Keeps the header lines of the last response only ("100 Continue" starts over).
static inline size_t on_header(char *data, size_t size, size_t count, void *context) {
  shelf_buffer *head = context;
  size_t length = size * count;
  if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) head->length = 0;
  return buffer_append(head, data, length) ? length : 0;
}

/// Initialises libcurl once for the process; call before any thread starts.
/// (The functions are inline so that only the helper's own objects link libcurl: `shelf`,
/// which depends on the helper to have it built, must not.)
static inline int shelf_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK; }

static inline CURL *shelf_curl_handle(void) { return curl_easy_init(); }

static inline void shelf_curl_release(CURL *handle) { curl_easy_cleanup(handle); }

static inline CURLcode shelf_curl_get(CURL *handle, const char *url, long timeout_ms, size_t max_body,
                        shelf_fetch_result *result) {
  memset(result, 0, sizeof *result);
  shelf_buffer body = {NULL, 0, 0, max_body};
  shelf_buffer head = {NULL, 0, 0, 256 * 1024};
  struct curl_slist *headers = curl_slist_append(NULL, "Accept: application/json");
  curl_easy_reset(handle);
  curl_easy_setopt(handle, CURLOPT_URL, url);
  curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  // A redirect is answered as it is: shelf follows it itself, so that TVmaze's pacing counts
  // the request it leads to.
  curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(handle, CURLOPT_USERAGENT, "shelf (TVmaze client)");
  curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(handle, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(handle, CURLOPT_HEADERDATA, &head);
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, result->detail);
  CURLcode code = curl_easy_perform(handle);
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
  curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &result->os_error);
  // The options point at this call's buffers: forget them before the handle is used again.
  curl_easy_setopt(handle, CURLOPT_HTTPHEADER, NULL);
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);
  curl_slist_free_all(headers);
  result->body = body.bytes;
  result->body_length = body.length;
  result->head = head.bytes;
  result->head_length = head.length;
  return code;
}

static inline void shelf_fetch_result_free(shelf_fetch_result *result) {
  free(result->body);
  free(result->head);
  result->body = NULL;
  result->head = NULL;
}

#endif
