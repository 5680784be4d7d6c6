// Placeholder so that the target builds before its first real file lands.
enum _CardBotClassroomModule {}
