/* Reads a recently-used.xbel with GLib's own GBookmarkFile, the reader GTK's file chooser and
 * GNOME's Recent use, and prints what it finds, for tst_recentlyused:
 *   URI <tab> MIME type <tab> then, per application, NAME=COUNT (EXEC)
 * one line per bookmark, in the file's order. Exit 1, with GLib's message, when GLib refuses
 * the file. */
#include <cstdio>
#include <glib.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: xbelread FILE\n");
        return 2;
    }
    GBookmarkFile *file = g_bookmark_file_new();
    GError *error = nullptr;
    if (!g_bookmark_file_load_from_file(file, argv[1], &error)) {
        fprintf(stderr, "%s\n", error->message);
        return 1;
    }
    gsize count = 0;
    gchar **uris = g_bookmark_file_get_uris(file, &count);
    for (gsize i = 0; i < count; ++i) {
        gchar *mime = g_bookmark_file_get_mime_type(file, uris[i], nullptr);
        printf("%s\t%s", uris[i], mime ? mime : "");
        gsize apps = 0;
        gchar **names = g_bookmark_file_get_applications(file, uris[i], &apps, nullptr);
        for (gsize a = 0; a < apps; ++a) {
            gchar *exec = nullptr;
            guint uses = 0;
            g_bookmark_file_get_application_info(file, uris[i], names[a], &exec, &uses, nullptr,
                                                 nullptr);
            printf("\t%s=%u (%s)", names[a], uses, exec ? exec : "");
            g_free(exec);
        }
        printf("\n");
        g_strfreev(names);
        g_free(mime);
    }
    g_strfreev(uris);
    g_bookmark_file_free(file);
    return 0;
}
