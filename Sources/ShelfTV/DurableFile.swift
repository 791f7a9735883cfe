import ShelfFiles

/// ShelfTV writes its files (the local show list, the refresh journal, posters) through the
/// program's one durable write.
typealias DurableFile = ShelfFiles.DurableFile
