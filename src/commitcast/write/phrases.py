"""The host's phrase bank: several well-written alternatives for every slot of a script.

Templates name their blanks with ``{field}``; the narrator fills them with words it derived
from the plan (names, areas, quoted titles, counts already spelled out). A template never
states a fact on its own: every number, name and title comes from a field.
"""

from __future__ import annotations

__all__ = ["PHRASES", "TRANSITIONS"]

PHRASES: dict[str, tuple[str, ...]] = {
    # ------------------------------------------------------------------ cold open
    "greeting": (
        "Hey everyone, and welcome back to the {show} briefing.",
        "Hello and welcome to your daily {show} briefing.",
        "Hey there, and welcome back: this is your {show} briefing.",
        "Good to have you here for another {show} briefing.",
        "Welcome back to the show where we walk through what landed in {show}.",
        "Hi everyone, and thanks for tuning in to the {show} briefing.",
    ),
    "date_size": (
        "It's {date}, and {changes} from {authors} landed on the main branch.",
        "It's {date}: {changes} from {authors} made it into the main branch.",
        "Today is {date}, and the main branch took in {changes} from {authors}.",
        "On {date}, {changes} from {authors} landed, and together they tell quite the tale.",
        "We're looking at {date}, with {changes} from {authors} on the main branch.",
    ),
    "theme": (
        "Today's {show} activity has one dominant story: {theme}.",
        "One story stands out above the rest: {theme}.",
        "The big story of the day: {theme}.",
        "If you remember one thing from today, make it this: {theme}.",
        "The headline is simple: {theme}.",
    ),
    "rundown": (
        "Also on today's list: {items}.",
        "Beyond that, we have {items}.",
        "Coming up after that: {items}.",
    ),
    "rundown_only": (
        "On today's list: {items}.",
        "Here's what's on the list: {items}.",
    ),
    "empty_day": (
        "It's {date}, and nothing landed on the {show} main branch.",
        "It's {date}, and the {show} main branch stayed still: no changes landed at all.",
        "Today is {date}, and there is nothing new on the {show} main branch.",
    ),
    "empty_colour": (
        "Sometimes a quiet day is the news.",
        "A rare breather for everyone involved.",
        "No stories to tell this time, and that happens.",
        "Call it the calm between the storms.",
    ),
    "one_change_day": (
        "It's {date}, and it was a quiet one: a single change landed on the main branch.",
        "It's {date}, a quiet day with just one change on the main branch.",
        "Today is {date}, and only one change made it into the main branch.",
    ),
    # ------------------------------------------------------------------ role lead-ins
    "lead_correctness_many": (
        "{k} correctness fixes deserve attention.",
        "Now for {k} correctness fixes that deserve your attention.",
        "On the correctness front, {k} fixes are worth knowing about.",
    ),
    "lead_correctness_one": (
        "One correctness fix deserves attention.",
        "Now, a fix that deserves your attention.",
        "On the correctness front, one fix stands out.",
    ),
    "lead_performance_many": (
        "Next, {k} performance stories.",
        "On the performance side, there are {k} stories to cover.",
        "Speed got attention too, in {k} separate stories.",
    ),
    "lead_performance_one": (
        "Now to performance.",
        "On the performance side, one change stands out.",
        "Speed got some attention too.",
    ),
    "lead_feature_many": (
        "On the feature side, there are {k} stories.",
        "Now to new work: {k} feature stories.",
        "Feature work came in {k} stories today.",
    ),
    "lead_feature_one": (
        "On the feature side, one story to tell.",
        "Now to new work.",
        "Feature work had its moment too.",
    ),
    "lead_revert_many": (
        "{k} reverts to mention, told calmly.",
        "There were {k} reverts as well.",
        "A quick word on {k} reverts.",
    ),
    "lead_revert_one": (
        "One revert to mention.",
        "A quick word on a revert.",
        "There was a revert as well.",
    ),
    "lead_infrastructure_many": (
        "Behind the scenes, {k} infrastructure stories.",
        "On the infrastructure side, there are {k} stories.",
    ),
    "lead_infrastructure_one": (
        "Behind the scenes, some infrastructure work.",
        "On the infrastructure side, one story.",
    ),
    # ------------------------------------------------------------------ campaigns
    "campaign_pattern": (
        "{count} from {people} share the same pattern, with titles along the lines of {pattern}.",
        "{people} drove {count} that all follow one recipe: {pattern}.",
        "This one is a campaign: {count} from {people}, each titled like {pattern}.",
        "{count} from {people} all follow the same pattern, {pattern}.",
    ),
    "campaign_pattern_effect": (
        "{count} from {people} share the same pattern, {pattern}, and together they cut {metric} {range}.",
        "{people} drove {count} that all follow one recipe, {pattern}, cutting {metric} {range}.",
        "This one is a campaign: {count} from {people}, each titled like {pattern}, and {metric} come out {range} faster.",
    ),
    "campaign_plain_effect": (
        "{count} from {people} landed as one push in {areas}, cutting {metric} {range}.",
        "{people} drove {count} in {areas}, and {metric} come out {range} faster.",
    ),
    "best_case": (
        "The biggest cut is in {ref}: {fact}.",
        "The best case is {ref}, where {fact}.",
        "Take {ref}: {fact}.",
    ),
    "next_case": (
        "{ref} is close behind: {fact}.",
        "And in {ref}, {fact}.",
        "Right after it comes {ref}: {fact}.",
    ),
    "campaign_plain": (
        "{count} from {people} landed together as one push in {areas}.",
        "{people} drove {count} in {areas}.",
        "This one is a campaign: {count} from {people}, all in {areas}.",
    ),
    "focus_lede": (
        "{people} landed {count} in {area}, most of them about {focus}.",
        "In {area}, {people} drove {count}, with {focus} at the centre.",
        "{count} from {people} landed in {area}, and most of them are about {focus}.",
    ),
    "series_lede": (
        "{people} landed {count} in {area}, {share} of them in the “{series}” series.",
        "In {area}, {people} drove {count}, {share} of them tagged “{series}”.",
        "{count} from {people} landed in {area}, {share} of them part of the “{series}” effort.",
    ),
    "thread_lede": (
        "{people} landed {count} in {area}, mostly about {label}.",
        "In {area}, {people} drove {count}, most of them about {label}.",
        "{count} from {people} landed in {area}, the bulk of them about {label}.",
    ),
    "threads": (
        "The work breaks down into {threads}.",
        "The main threads are {threads}.",
        "Broken down, that's {threads}.",
    ),
    "scale": (
        "All told, that's {added} added and {deleted} removed.",
        "Together the changes add {added} and remove {deleted}.",
        "It's sizeable work: {added} in and {deleted} out.",
    ),
    "scale_one": (
        "It's a big change: {added} added and {deleted} removed.",
        "This one is sizeable, adding {added} and removing {deleted}.",
        "By size alone it stands out: {added} in and {deleted} out.",
    ),
    "breadth": (
        "The work spans {n_areas} areas, among them {examples}.",
        "It touched {n_areas} areas: {examples}.",
        "You'll find it across {n_areas} areas, for example {examples}.",
    ),
    "sample_titles": (
        "Among them: {titles}.",
        "To give you a flavour, the titles include {titles}.",
        "Titles in the set include {titles}.",
    ),
    "examples": (
        "Good places to start reading are {refs}.",
        "Among them are {refs}.",
        "For a taste, look at {refs}.",
    ),
    "effect_range": (
        "The measured effect: {metric} {range} faster, with {ref} going from {before} to {after}.",
        "The numbers are real: {metric} come out {range} faster, and {ref} goes from {before} to {after}.",
        "Measured {metric} drop {range}; the biggest cut, in {ref}, goes from {before} to {after}.",
    ),
    "effect_range_plain": (
        "The measured effect: {metric} {range} faster.",
        "The messages put numbers on it: {metric} {range} faster.",
        "Measured {metric} improve {range}.",
    ),
    "why_faster_tests": (
        "Faster tests mean quicker feedback for anyone working on {area}.",
        "That adds up: shorter test runs give everyone working on {area} their signal sooner.",
        "Shorter test runs mean a faster turnaround for anyone touching {area}.",
    ),
    # ------------------------------------------------------------------ single changes
    "silent_fix": (
        "{person} fixed a silent wrong-result bug in {area}, in {ref}: {title}.",
        "In {ref}, {person} fixed a silent wrong-result bug in {area}: {title}.",
        "There's a silent wrong-result fix in {area} from {person}, in {ref}: {title}.",
        "{ref} from {person} fixes a silent wrong-result bug in {area}: {title}.",
    ),
    "why_silent": (
        "Before the fix, {area} could produce wrong results with no error and no warning.",
        "Bugs like this are the dangerous kind: nothing crashes, the output is simply wrong.",
        "If you rely on {area}, this one is worth a look, because wrong output without a warning is hard to spot.",
        "That's the worst kind of bug: no error, no warning, just wrong numbers.",
    ),
    "correctness_fix": (
        "{person} fixed a correctness bug in {area}, in {ref}: {title}.",
        "In {ref}, {person} fixed a correctness problem in {area}: {title}.",
        "{ref} from {person} fixes a correctness bug in {area}: {title}.",
    ),
    "why_correctness": (
        "Correctness fixes like this protect the results people get out of {area}.",
        "It's a fix for wrong results, which is always worth a mention.",
    ),
    "crash_fix": (
        "{person} fixed a crash in {area}, in {ref}: {title}.",
        "In {ref}, {person} fixed a crash in {area}: {title}.",
        "{ref} from {person} fixes a crash in {area}: {title}.",
    ),
    "why_crash": (
        "That's one less hard failure for anyone using {area}.",
        "Crashes stop work cold, so this is a welcome fix for {area} users.",
    ),
    "hang_fix": (
        "{person} fixed a hang in {area}, in {ref}: {title}.",
        "In {ref}, {person} fixed a hang in {area}: {title}.",
    ),
    "why_hang": (
        "Hangs are among the most frustrating failures to debug, so this one is welcome.",
        "A hang gives no error to go on, which makes a fix like this worth knowing about.",
    ),
    "regression_fix": (
        "{person} fixed a regression in {area}, in {ref}: {title}.",
        "In {ref}, {person} fixed a regression in {area}: {title}.",
        "{ref} from {person} fixes a regression in {area}: {title}.",
    ),
    "why_regression": (
        "A regression fix means something that used to work in {area} works again.",
        "So behaviour that slipped in {area} is back where it was.",
    ),
    "security_fix": (
        "{person} landed a security fix in {area}, in {ref}: {title}.",
        "In {ref}, {person} fixed a security issue in {area}: {title}.",
    ),
    "why_security": (
        "Security fixes are worth picking up promptly.",
        "As with any security fix, it's worth updating soon.",
    ),
    "why_breaking": (
        "Heads up: it's marked as a breaking change, so check your code if you use {area}.",
        "Note that it's flagged as a breaking change for {area}.",
    ),
    "perf_change": (
        "{person} worked on {area} performance in {ref}: {title}.",
        "In {ref}, {person} turned to performance in {area}: {title}.",
        "{ref} from {person} is a performance change in {area}: {title}.",
    ),
    "perf_change_measured": (
        "{person} made {area} faster in {ref}: {title}.",
        "In {ref}, {person} went after speed in {area}: {title}.",
        "{ref} from {person} speeds up {area}: {title}.",
    ),
    "feature_change": (
        "{person} added new work to {area} in {ref}: {title}.",
        "In {ref}, {person} brought something new to {area}: {title}.",
        "New in {area}, from {person} in {ref}: {title}.",
    ),
    "tests_change": (
        "{person} worked on the {area} tests in {ref}: {title}.",
        "In {ref}, {person} reworked tests in {area}: {title}.",
    ),
    "ci_change": (
        "{person} changed the build and CI setup in {ref}: {title}.",
        "In {ref}, {person} worked on build and CI: {title}.",
    ),
    "docs_change": (
        "{person} updated the documentation for {area} in {ref}: {title}.",
        "In {ref}, {person} improved the {area} docs: {title}.",
    ),
    "refactor_change": (
        "{person} restructured code in {area} in {ref}: {title}.",
        "In {ref}, {person} refactored part of {area}: {title}.",
    ),
    "fix_change": (
        "{person} fixed a bug in {area}, in {ref}: {title}.",
        "In {ref}, {person} fixed a problem in {area}: {title}.",
        "{ref} from {person} fixes a bug in {area}: {title}.",
    ),
    "generic_change": (
        "{person} landed {ref} in {area}: {title}.",
        "In {ref}, {person} worked on {area}: {title}.",
        "From {person}, in {area}: {title}, landed as {ref}.",
    ),
    "series": (
        "{person} landed {count} in {areas}, including {refs}.",
        "In {areas}, {person} landed {count}, among them {refs}.",
        "A run of {count} from {person} in {areas}, including {refs}.",
    ),
    "more_changes": (
        "It comes with {k} related {changes}.",
        "Alongside it, {k} related {changes} landed too.",
        "There {are} {k} related {changes} in the same story.",
    ),
    "people_also": (
        "{people} also worked on this.",
        "{people} contributed to it as well.",
    ),
    # ------------------------------------------------------------------ facts
    "fact": (
        "{ref} reports {fact}.",
        "The message puts a number on it: {fact}.",
        "Measured effect: {fact}.",
        "By the numbers, {fact}.",
    ),
    "fact_quote": (
        "{ref} reports {fact}.",
        "The message puts a number on it: {fact}.",
        "In the message's own words: {fact}.",
    ),
    # ------------------------------------------------------------------ reverts
    "revert": (
        "{reverter} rolled back {title}, in {ref}.",
        "In {ref}, {reverter} reverted {title}.",
        "{title} was rolled back by {reverter} in {ref}.",
    ),
    "revert_original": (
        "{reverter} rolled back {author} change {title}, originally {original}, in {ref}.",
        "In {ref}, {reverter} reverted {author} change {title} from {original}.",
        "{author} change {title}, from {original}, was rolled back by {reverter} in {ref}.",
    ),
    "revert_own": (
        "{reverter} rolled back their own change {title}, originally {original}, in {ref}.",
        "In {ref}, {reverter} reverted their own change {title} from {original}.",
    ),
    "revert_reason": (
        "The stated reason: {reason}.",
        "The reason given: {reason}.",
        "According to the revert message, the reason was {reason}.",
    ),
    "revert_no_reason": (
        "The revert message doesn't give a reason.",
        "No reason is given in the revert message.",
    ),
    "relanded": (
        "The good news: it has already come back in a reland.",
        "It's since relanded, so the change is back.",
        "And it has already relanded.",
    ),
    "revert_calm": (
        "Reverts are a normal part of life on a busy main branch.",
        "That's routine housekeeping on a busy branch.",
        "It happens on any busy branch.",
    ),
    # ------------------------------------------------------------------ quick hits
    "quick_intro": (
        "A few quick hits to round things out.",
        "Now for some quick hits.",
        "Let's run through the smaller changes.",
        "Before we wrap up, a handful of smaller changes.",
    ),
    "quick_intro_one": (
        "Just one smaller change to mention.",
        "One smaller change is worth a mention.",
        "There's one smaller change to cover.",
    ),
    "quiet_intro": (
        "Here's what it was.",
        "Let's take a look at it.",
        "So let's see what it was.",
    ),
    "quick_intro_more": (
        "There were {n} smaller changes too; here are the highlights.",
        "{n} smaller changes round out the day, and a few stand out.",
        "Of the {n} smaller changes, a few are worth a mention.",
    ),
    "quick_area": (
        "{person} landed {a_noun} in {area}: {title}, in {ref}.",
        "{ref} from {person} is {a_noun} for {area}: {title}.",
        "In {area}, {person} contributed {title}, in {ref}.",
        "Also in {area}, {title}, from {person} in {ref}.",
        "Over in {area}, {person} shipped {a_noun}, {ref}: {title}.",
        "For {area}, there's {a_noun} from {person} in {ref}: {title}.",
        "Then {a_noun} in {area}: {title}, by {person} in {ref}.",
    ),
    "quick_plain": (
        "{person} landed {a_noun}: {title}, in {ref}.",
        "From {person}, {title}, landed as {ref}.",
        "{ref} from {person} is {a_noun}: {title}.",
        "Also, {person} contributed {title} in {ref}.",
        "There's also {a_noun} from {person} in {ref}: {title}.",
    ),
    # ------------------------------------------------------------------ what's next
    "next_first": (
        "What's next: {ref} says {text}.",
        "What's next, according to {ref}: {text}.",
        "Looking ahead, {ref} says {text}.",
    ),
    "next_first_plain": (
        "What's next: {text}.",
        "Looking ahead: {text}.",
    ),
    "next_more": (
        "Also on the horizon, from {ref}: {text}.",
        "And keep an eye on {ref}, which says {text}.",
        "Another thread to watch, from {ref}: {text}.",
    ),
    "next_more_plain": (
        "Also on the horizon: {text}.",
        "Another thread to watch: {text}.",
    ),
    "next_said_first": (
        "What's next: in {ref}, {person} says {text}.",
        "Looking ahead, {person} writes in {ref}: {text}.",
        "What's next, in {person_s} own words from {ref}: {text}.",
    ),
    "next_said_more": (
        "{person} also writes in {ref}: {text}.",
        "And in {ref}, {person} says {text}.",
        "Another promise, from {person} in {ref}: {text}.",
    ),
    "next_statement_first": (
        "What's next: {text}.",
        "Looking ahead: {text}.",
        "One thing to watch: {text}.",
    ),
    "next_statement_more": (
        "Also, {text}.",
        "And one more to watch: {text}.",
        "Keep an eye on this too: {text}.",
    ),
    "next_unlanded_first": (
        "What's next, though it has not landed yet: {text}.",
        "Looking ahead to work that has not landed yet: {text}.",
        "One to watch, not landed yet: {text}.",
    ),
    "next_unlanded_more": (
        "Also not landed yet: {text}.",
        "And one more that has not landed: {text}.",
        "Another one that has not landed yet: {text}.",
    ),
    "next_none": (
        "No follow-ups were promised in {period} messages, so {upcoming} is an open book.",
        "Nothing is announced for {upcoming} yet, so we'll see what lands.",
        "No follow-up work was promised in {period} messages.",
    ),
    # ------------------------------------------------------------------ sign-off
    "bridge": (
        "That's the big one; now for the rest of the day.",
        "So much for the headline, but there's more.",
        "Let's move on to the rest of the day.",
        "With that covered, here's what else happened.",
    ),
    "reviews": (
        "Reviews came from {people}.",
        "Thanks as well to {people} for the reviews.",
        "{people} did the reviewing, so credit to them too.",
        "A tip of the hat to reviewers {people}.",
    ),
    "spotlight_pr": (
        "Our pull request spotlight today goes to {ref} from {author}: “{title}”.",
        "Time for the pull request spotlight: {ref}, “{title}”, from {author}.",
        "The pull request that drew the most review today is {author_s} {ref}: “{title}”.",
    ),
    "spotlight_review": (
        "It drew {review}.",
        "Before it landed, it drew {review}.",
        "It went through {review} on its way in.",
    ),
    "thanks": (
        "Thanks to all {authors} who landed changes today.",
        "A big thank-you to the {authors} behind today's changes.",
        "And thanks, as always, to the {authors} who made today's changes.",
    ),
    "wrap": (
        "So the story of the day: {theme}.",
        "To sum it up, {theme}.",
        "If you take one thing away: {theme}.",
    ),
    "sign_off": (
        "That's the briefing for {date} — back tomorrow with more from the {show} repository.",
        "That's all for {date}. Thanks for listening, and see you tomorrow.",
        "And that wraps up {date} in {show}. Talk to you tomorrow.",
        "That's it for today's {show} briefing. See you tomorrow.",
    ),
    "sign_off_span": (
        "That's the briefing for {date} — back next time with more from the {show} repository.",
        "That's all for {date}. Thanks for listening, and see you next time.",
        "And that wraps up {date} in {show}. Talk to you next time.",
    ),
    # ------------------------------------------------------------------ weekly recap
    "recap_greeting": (
        "Hey everyone, and welcome to the weekly recap of {show}.",
        "Hello and welcome to the {show} weekly recap.",
        "Welcome back: it's time for the weekly {show} recap.",
    ),
    "recap_size": (
        "This week in {show}, {changes} landed over {days}, from {span}.",
        "This week in {show}: {changes} across {days}, from {span}.",
        "This week in {show}: from {span}, the main branch took in {changes} over {days}.",
    ),
    "recap_quiet": (
        "This week in {show} was quiet: no changes landed from {span}.",
        "This week in {show}, from {span}, nothing landed, so this recap is short.",
    ),
    "recap_reverts": (
        "Along the way, the week saw {reverts}.",
        "The week also had {reverts}.",
    ),
    "recap_theme": (
        "The biggest story of the week: {theme}.",
        "If one story defined the week, it was this: {theme}.",
        "Topping the week: {theme}.",
    ),
    "recap_next_story": (
        "Another story that shaped the week.",
        "Next among the week's biggest stories.",
        "The week had more than one big story.",
        "Here's another one from the week's top stories.",
    ),
    "recap_comeback": (
        "Something came back after a revert this week.",
        "One change made a comeback after being reverted.",
        "This week also had a comeback story.",
    ),
    "recap_top_author": (
        "Who drove the most change this week? {person}, with {count} in {areas}.",
        "The most active person this week was {person}: {count} across {areas}.",
        "Leading the week by volume: {person}, with {count} in {areas}.",
    ),
    "recap_sign_off": (
        "That's the week in {show}. Thanks for listening, and see you next week.",
        "And that's your weekly {show} recap. See you next week.",
        "That wraps up the week in {show}. Talk to you next week.",
    ),
}

# The first quick hit cannot open with "Also" or "Then": nothing came before it.
for _slot in ("quick_area", "quick_plain"):
    PHRASES[f"{_slot}_first"] = tuple(t for t in PHRASES[_slot] if not t.startswith(("Also", "Then")))

# Prefixed to a sentence when every alternative would repeat the previous opening.
TRANSITIONS: tuple[str, ...] = ("Also,", "Meanwhile,", "On top of that,", "Next,", "And")
