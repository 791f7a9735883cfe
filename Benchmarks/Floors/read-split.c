/* read-split.c - written for the shelf project.
 *
 * The floor for catalog loading: reads each TSV file named on the command line, splits it
 * into lines and tab-separated fields, and copies every field into its own heap string (as
 * a loader that keeps string fields must). No validation, no indexes. Prints the number of
 * fields so the work cannot be optimised away. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  size_t total = 0;
  for (int i = 1; i < argc; i++) {
    FILE *file = fopen(argv[i], "rb");
    if (!file) { perror(argv[i]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size + 1);
    if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) { perror(argv[i]); return 1; }
    fclose(file);
    size_t capacity = 1024, count = 0;
    char **fields = malloc(capacity * sizeof *fields);
    char *cursor = bytes, *end = bytes + size;
    while (cursor < end) {
      char *newline = memchr(cursor, '\n', (size_t)(end - cursor));
      char *lineEnd = newline ? newline : end;
      char *fieldStart = cursor;
      for (;;) {
        char *tab = memchr(fieldStart, '\t', (size_t)(lineEnd - fieldStart));
        char *fieldEnd = tab ? tab : lineEnd;
        size_t length = (size_t)(fieldEnd - fieldStart);
        char *copy = malloc(length + 1);
        memcpy(copy, fieldStart, length);
        copy[length] = 0;
        if (count == capacity) { capacity *= 2; fields = realloc(fields, capacity * sizeof *fields); }
        fields[count++] = copy;
        if (!tab) break;
        fieldStart = tab + 1;
      }
      cursor = lineEnd + 1;
    }
    total += count;
  }
  printf("%zu fields\n", total);
  return 0;
}
