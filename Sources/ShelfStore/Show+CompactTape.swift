import ShelfDomain
import ShelfStorage

extension Show {
  /// Writes every field of the show on `tape`, in the order `init(tape:)` reads them.
  func put(on tape: inout CompactTape) {
    tape.put(id)
    tape.put(name)
    for text in [url, type, language] { tape.put(text) }
    tape.put(genres)
    tape.put(status)
    tape.put(runtime)
    tape.put(averageRuntime)
    for text in [premiered, ended, officialSite] { tape.put(text) }
    tape.put(schedule) { tape, schedule in
      tape.put(schedule.time)
      tape.put(schedule.days)
    }
    tape.put(rating) { tape, rating in tape.put(rating.average) }
    for channel in [network, webChannel] {
      tape.put(channel) { tape, channel in
        tape.put(channel.id)
        tape.put(channel.name)
        tape.put(channel.country) { tape, country in
          tape.put(country.name)
          tape.put(country.code)
        }
      }
    }
    tape.put(externals) { tape, externals in
      tape.put(externals.imdb)
      tape.put(externals.thetvdb)
    }
    tape.put(image) { tape, image in
      tape.put(image.medium)
      tape.put(image.original)
    }
    tape.put(summary)
    tape.put(updated)
  }

  /// The show `put(on:)` wrote; throws when the tape does not hold one.
  init(tape: inout CompactTapeReader) throws {
    self.init(id: try tape.int(), name: try tape.string())
    url = try tape.optionalString()
    type = try tape.optionalString()
    language = try tape.optionalString()
    genres = try tape.optionalStrings()
    status = try tape.optionalString()
    runtime = try tape.optionalInt()
    averageRuntime = try tape.optionalInt()
    premiered = try tape.optionalString()
    ended = try tape.optionalString()
    officialSite = try tape.optionalString()
    schedule = try tape.optional { tape in
      Schedule(time: try tape.optionalString(), days: try tape.optionalStrings())
    }
    rating = try tape.optional { tape in Rating(average: try tape.optionalDouble()) }
    network = try tape.optional(Self.channel)
    webChannel = try tape.optional(Self.channel)
    externals = try tape.optional { tape in
      Externals(imdb: try tape.optionalString(), thetvdb: try tape.optionalInt())
    }
    image = try tape.optional { tape in
      Images(medium: try tape.optionalString(), original: try tape.optionalString())
    }
    summary = try tape.optionalString()
    updated = try tape.optionalInt()
  }

  private static func channel(_ tape: inout CompactTapeReader) throws -> Channel {
    Channel(
      id: try tape.optionalInt(), name: try tape.optionalString(),
      country: try tape.optional { tape in
        Country(name: try tape.optionalString(), code: try tape.optionalString())
      })
  }
}
